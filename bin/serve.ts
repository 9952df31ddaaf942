/**
 * `npm start`: the API on http://127.0.0.1:3000 against DynamoDB Local, with the same route table and
 * handler modules that Lambda runs. Starts the bundled DynamoDB Local (data under .data/) unless
 * DYNAMODB_ENDPOINT points at one, creates the table, seeds the zones and a demo sandbox store, and
 * builds the console web app (served at /console/).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { canListen, portOpen } from './local/net.ts';
import { join, resolve } from 'node:path';
import * as z from 'zod';
import { runtime } from '../functions/runtime.ts';
import { assertJava, JavaMissingError, startDynamoDbLocal, type DynamoDbLocal } from './local/dynamodb-local.ts';
import { seedZones, tableAdmin } from './local/bootstrap.ts';
import { buildPincodeTable, describeBuild } from './local/pincode-table.ts';
import { startHttpServer } from './local/http-server.ts';
import { consoleLoginUrl } from './admin/console.ts';
import { startEngine } from './local/engine.ts';
import { forgetStart, recordStart } from './local/running-start.ts';
import { localLogSink, Terminal } from './local/terminal.ts';
import { logger } from '../functions/log/logger.ts';
import { buildConsole, CONSOLE_DIST } from '../scripts/console-build.ts';

const LocalSettings = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  TABLE_NAME: z.string().min(1).default('delivery-api'),
  DYNAMODB_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  DYNAMODB_LOCAL_PORT: z.coerce.number().int().min(1).max(65535).default(8000),
  DATA_DIR: z.string().min(1).default('.data'),
  DEMO_CREDIT_MINOR: z.coerce.number().int().min(0).default(500_000),
  // short: one line a request on the terminal, JSON records in DATA_DIR/api.log; json: the JSON records on the terminal.
  ACCESS_LOG: z.enum(['short', 'json']).default('short'),
});

const DemoStore = z.object({ storeId: z.string(), apiKey: z.string() });

async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  process.stdout.write(`• ${label} … `);
  try {
    const result = await work();
    process.stdout.write(`done (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
    return result;
  } catch (error) {
    process.stdout.write('failed\n');
    throw error;
  }
}

/**
 * A local key kept in DATA_DIR (made once, readable by the owner only): webhook-secrets.key seals
 * webhook secrets, cursor-signing.key signs statement cursors.
 */
function localKey(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

async function main(): Promise<void> {
  const settings = LocalSettings.parse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));
  const dataDir = resolve(settings.DATA_DIR);
  let dynamo: DynamoDbLocal | undefined;

  // The API's port first: nothing is started or seeded for a start that could not serve.
  if (settings.PORT !== 0 && !(await canListen(settings.HOST, settings.PORT))) {
    throw new Error(
      `Port ${settings.PORT} is already in use (another npm start?). Stop what runs there, or pick another port with PORT, e.g. PORT=${settings.PORT + 1} npm start.`,
    );
  }
  if (settings.DYNAMODB_ENDPOINT) {
    console.log(`• Using DynamoDB at ${settings.DYNAMODB_ENDPOINT} (DYNAMODB_ENDPOINT)`);
  } else {
    assertJava();
    if (await portOpen(settings.DYNAMODB_LOCAL_PORT)) {
      throw new Error(
        `Port ${settings.DYNAMODB_LOCAL_PORT} is already in use. If a DynamoDB Local runs there, use it with DYNAMODB_ENDPOINT=http://127.0.0.1:${settings.DYNAMODB_LOCAL_PORT}; otherwise pick another port with DYNAMODB_LOCAL_PORT.`,
      );
    }
    dynamo = await step(`Starting DynamoDB Local on port ${settings.DYNAMODB_LOCAL_PORT} (data in ${settings.DATA_DIR}/dynamodb)`, () =>
      startDynamoDbLocal({ port: settings.DYNAMODB_LOCAL_PORT, dataDir: join(dataDir, 'dynamodb') }),
    );
  }
  process.env.DYNAMODB_ENDPOINT = settings.DYNAMODB_ENDPOINT ?? dynamo!.endpoint;
  process.env.TABLE_NAME = settings.TABLE_NAME;
  // Webhooks locally: receivers on this machine are allowed (http://127.0.0.1:<port>, http://localhost:<port>),
  // and the key that seals endpoints' secrets is kept in DATA_DIR (made on first start).
  process.env.WEBHOOK_ALLOW_LOOPBACK ||= 'true';
  process.env.WEBHOOK_SECRETS_KEY ||= localKey(dataDir, 'webhook-secrets.key');
  process.env.CURSOR_SIGNING_KEY ||= localKey(dataDir, 'cursor-signing.key');

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\n• Stopping …');
    forgetStart(dataDir);
    await dynamo?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    const rt = runtime();
    const created = await step(`Creating table ${settings.TABLE_NAME} if missing`, () => tableAdmin(rt.config).ensure());
    if (!created) console.log('  (table already existed)');
    const seeded = await step('Seeding zones and rate cards from seed/zones.json', () => seedZones(rt));
    const added = seeded.filter((r) => r.action === 'created').map((r) => r.zoneId);
    console.log(`  ${added.length > 0 ? `added ${added.join(', ')}` : 'all zones already present'} (${seeded.length} zones)`);
    const pincodes = await step('Building the pincode table for the zones', () => buildPincodeTable(rt, { ifStale: true }));
    console.log(`  ${pincodes ? describeBuild(pincodes) : 'already built for these zones'}`);

    const demoFile = join(dataDir, `demo-store.${settings.TABLE_NAME}.json`);
    const demo = await step('Preparing the demo sandbox store', async () => {
      if (existsSync(demoFile)) {
        const saved = DemoStore.safeParse(JSON.parse(readFileSync(demoFile, 'utf8')));
        if (saved.success && (await rt.stores.get(saved.data.storeId))) return { ...saved.data, isNew: false };
      }
      const store = await rt.stores.create({ name: 'Demo sandbox store', sandbox: true, creditMinor: settings.DEMO_CREDIT_MINOR });
      mkdirSync(dataDir, { recursive: true });
      // Local only: the demo key is kept in .data/ so every start can print a working curl line.
      writeFileSync(demoFile, `${JSON.stringify({ storeId: store.storeId, apiKey: store.apiKey }, null, 2)}\n`, { mode: 0o600 });
      return { storeId: store.storeId, apiKey: store.apiKey, isNew: true };
    });

    // The console web app, built fresh each start (esbuild: well under a second) and served at /console/ by its route's handler.
    const consoleBuild = await step('Building the console web app into console/dist', () => buildConsole({ outDir: CONSOLE_DIST }));
    process.env.CONSOLE_ASSETS_DIR = consoleBuild.outDir;
    const { url } = await step(`Starting the API on ${settings.HOST}:${settings.PORT}`, () => startHttpServer({ host: settings.HOST, port: settings.PORT }));
    // The admin CLI finds this start's DynamoDB and table here, whatever port DynamoDB Local was given.
    recordStart(dataDir, { dynamoEndpoint: process.env.DYNAMODB_ENDPOINT, tableName: settings.TABLE_NAME, apiUrl: url });
    // The CLI reads .data/npm-start.json of the folder it runs in; another data folder must be named to it.
    const adminCommand = settings.DATA_DIR === '.data' ? 'npm run admin --' : `DATA_DIR=${settings.DATA_DIR} npm run admin --`;
    // A fresh sign-in link every start: a link is single use, and the last start's has expired.
    const consoleLink = await rt.sessions.createLoginLink(demo.storeId);
    const jsonLog = join(dataDir, 'api.log');
    const shortLog = settings.ACCESS_LOG === 'short';
    const banner = `
Merchant API and fleet API listening on ${url}
Demo sandbox store ${demo.storeId}${demo.isNew ? ' (created now)' : ''}, API key:
  ${demo.apiKey}
Its console sign-in link (single use, until ${consoleLink.expiresAt}; another: ${adminCommand} console link --store ${demo.storeId}):
  ${consoleLoginUrl(url, consoleLink.token)}

Try it:
  curl -s ${url}/v1/balance -H 'X-Api-Key: ${demo.apiKey}'
  curl -s ${url}/v1/job-quotes -H 'X-Api-Key: ${demo.apiKey}' -H 'Content-Type: application/json' \\
    -d '{"pickupAddress":"MG Road, Bengaluru","pickupLatitude":12.9756,"pickupLongitude":77.6066,"dropAddress":"Indiranagar, Bengaluru","dropLatitude":12.9784,"dropLongitude":77.6408}'

API reference: ${url}/docs  (descriptions: ${url}/openapi.json, fleet API ${url}/fleet/openapi.json)
Sandbox jobs are delivered by a simulated rider in about ${rt.config.SIMULATION_SECONDS} s (SIMULATION_SECONDS).
Watch one as its customer would: POST /v1/jobs/<job id>/tracking-link, and open the url it gives in a browser.
Follow them with webhooks (POST /v1/webhook-endpoints; receivers on this machine are allowed) or GET /v1/events.
Live jobs wait for a rider on the fleet API (/fleet/v1): ${adminCommand} fleet-key create --role rider
Admin CLI (this start's DynamoDB and table): ${adminCommand} --help
${shortLog ? `Requests below, one line each; their JSON records (as Lambda logs them) in ${join(settings.DATA_DIR, 'api.log')} (ACCESS_LOG=json prints JSON here)` : 'Requests below as JSON records, as Lambda logs them'}
Press Ctrl-C to stop (DynamoDB Local stops with it).`;
    console.log(banner);
    const terminal = new Terminal(
      process.stdout,
      banner,
      `── ${url} · demo key ${demo.apiKey} · reference ${url}/docs · ${adminCommand} --help · Ctrl-C stops ──`,
    );
    if (shortLog) logger.sendTo(localLogSink(terminal, jsonLog));
    // Dispatch, the sandbox rider, remittances, the event relay and the webhook sender, woken as on AWS: by the table's stream, alarms and a sweep a minute.
    startEngine(rt, { onError: (error) => terminal.print(`✖ background engine failed: ${(error as Error).stack ?? String(error)}`) });
  } catch (error) {
    forgetStart(dataDir);
    await dynamo?.stop();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof JavaMissingError) console.error(`✖ ${error.message}`);
  else console.error(`✖ ${(error as Error).message}`);
  process.exit(1);
});

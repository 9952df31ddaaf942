import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, routesOf } from '../../functions/http/routes.ts';
import { bundleBudget, CONSOLE_BUNDLE_DIR, CONSOLE_FUNCTION } from '../../lib/bundling.ts';
import { CONSOLE_CSP } from '../../functions/core/console-assets.ts';
import { DEPLOYED_FUNCTIONS, DOORBELL } from '../../lib/functions.ts';
import { buildBundle, type Bundle } from '../../scripts/bundle.ts';
import { createTestTable, type TestTable } from '../helpers/table.ts';
import { createStore } from '../helpers/fixtures.ts';
import { usageKeyValue } from '../../functions/core/api-key.ts';
import { startTestServer } from '../helpers/server.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { trackingLinkOf } from '../helpers/tracking.ts';
import { Webhook } from 'standardwebhooks';
import { allowLoopbackReceivers, startReceiver } from '../helpers/receiver.ts';
import { relayTick } from '../../functions/workers/relay.ts';

const outDir = mkdtempSync(join(tmpdir(), 'bundles-test-'));
const bundles = new Map<string, Bundle>();
let table: TestTable;

const deployed = DEPLOYED_FUNCTIONS.map((fn) => fn.name);

allowLoopbackReceivers();

beforeAll(async () => {
  for (const fn of DEPLOYED_FUNCTIONS) bundles.set(fn.name, await buildBundle(fn, outDir));
  table = await createTestTable();
  // 48 bundles, one after another, on cores other test runs share.
}, 300_000);

afterAll(async () => {
  rmSync(outDir, { recursive: true, force: true });
  await table.drop();
});

/** How many bytes of a bundle come from one source file (esbuild parses a module whose code it then drops entirely). */
function bytesFrom(bundle: Bundle, input: string): number {
  return Object.values(bundle.metafile.outputs).reduce((sum, output) => sum + (output.inputs[input]?.bytesInOutput ?? 0), 0);
}

/** What a route's function answered: its status and parsed body. */
async function invokeRoute(bundle: Bundle, headers: Record<string, string>, env: Record<string, string>): Promise<{ statusCode: number; body: unknown }> {
  const result = (await invokeBundle(bundle, proxyEvent(headers), env)) as { statusCode: number; body: string };
  return { statusCode: result.statusCode, body: JSON.parse(result.body) };
}

/** A proxy event of a route's function: a GET with these headers. */
const proxyEvent = (headers: Record<string, string>) => ({
  httpMethod: 'GET',
  path: '/',
  resource: '/',
  headers,
  multiValueHeaders: {},
  queryStringParameters: null,
  pathParameters: null,
  body: null,
  isBase64Encoded: false,
  requestContext: { requestId: 'bundle-test' },
});

/** Imports the bundle in a fresh Node process (as Lambda does), invokes its handler with one event and returns what it returned. */
// 16 s left of the invocation: time enough for a worker's pass, and for a webhook attempt (10 s) and
// its record before the end, so the sender starts it.
function invokeBundle(bundle: Bundle, event: unknown, env: Record<string, string>): Promise<unknown> {
  const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(bundle.file).href)});
const result = await handler(${JSON.stringify(event)}, { awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 16000 });
process.stdout.write(JSON.stringify(result));`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, LOG_LEVEL: 'SILENT', ...env } }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    );
  });
}

describe('function bundles (built as CDK builds them)', () => {
  it('cover every function the stack deploys: each route’s, the merchant authorizer’s, the doorbell’s and each worker’s', () => {
    expect([...deployed].sort()).toEqual(
      [
        ...routes.map((r) => r.name),
        'merchant-authorizer',
        'doorbell',
        'dispatch-worker',
        'simulation-worker',
        'remittance-worker',
        'event-relay',
        'webhook-sender',
      ].sort(),
    );
  });

  it.each(deployed.map((h) => [h, bundleBudget(h) / 1000]))('keep %s within its budget (%d KB)', (handler) => {
    expect(bundles.get(handler)!.bytes).toBeLessThanOrEqual(bundleBudget(handler));
  });

  it.each(routes.map((r) => [r.name]))(
    'build %s with its own route baked in, not the route table (only the merchant authorizer carries the table)',
    (handler) => {
      expect(bytesFrom(bundles.get(handler)!, 'functions/http/routes.ts')).toBe(0);
    },
  );

  it('leave the route table in the merchant authorizer, which lists the merchant API’s methods', () => {
    expect(bytesFrom(bundles.get('merchant-authorizer')!, 'functions/http/routes.ts')).toBeGreaterThan(5_000);
  });

  it.each(deployed.map((h) => [h]))('build %s without the SDK’s default credential chain: its credentials come from the environment', (handler) => {
    const inputs = Object.keys(bundles.get(handler)!.metafile.inputs);

    expect(inputs.filter((input) => /@aws-sdk\/(credential-provider-(node|ini|sso|process|web-identity)|nested-clients)\//.test(input))).toEqual([]);
    // The doorbell reads no table: it carries no SDK client at all (its Invoke and SendMessage are signed by functions/engine/aws-request.ts).
    if (handler === DOORBELL.name) expect(inputs.filter((input) => input.includes('@aws-sdk/'))).toEqual([]);
    else expect(inputs).toContain('functions/data/lambda-credentials.ts');
  });

  it.each(routesOf('merchant').map((r) => [r.name]))('load %s in a fresh Node process and answer a malformed key with the spec’s 401', async (handler) => {
    const result = await invokeRoute(bundles.get(handler)!, { 'X-Api-Key': 'nope' }, { TABLE_NAME: 'unused', DYNAMODB_ENDPOINT: 'http://127.0.0.1:9' });

    expect(result).toEqual({ statusCode: 401, body: { error: 'Invalid API key', code: 'unauthorized' } });
  });

  it.each(routesOf('fleet').map((r) => [r.name]))(
    'load %s in a fresh Node process and answer a merchant key with the 401 of a fleet route',
    async (handler) => {
      const result = await invokeRoute(
        bundles.get(handler)!,
        { Authorization: 'Bearer mdk_live_00000000000000000000000000000000' },
        { TABLE_NAME: 'unused', DYNAMODB_ENDPOINT: 'http://127.0.0.1:9' },
      );

      expect(result).toEqual({ statusCode: 401, body: { error: 'Invalid fleet key', code: 'unauthorized' } });
    },
  );

  it('serve a real request from DynamoDB, signed with the environment’s credentials as on Lambda: the bundled balance function answers 200', async () => {
    const store = await createStore(table.rt, { creditMinor: 4242 });

    const result = await invokeRoute(
      bundles.get('get-balance')!,
      { 'X-Api-Key': store.apiKey },
      // With credentials in the environment the client takes them from there (functions/data/lambda-credentials.ts), as on Lambda.
      {
        TABLE_NAME: table.tableName,
        DYNAMODB_ENDPOINT: table.endpoint,
        AWS_ACCESS_KEY_ID: 'bundletest',
        AWS_SECRET_ACCESS_KEY: 'bundletest',
        AWS_SESSION_TOKEN: 'bundletest',
      },
    );

    expect(result).toEqual({
      statusCode: 200,
      body: { data: { apiEnabled: true, balanceMinor: 4242, reservedMinor: 0, availableMinor: 4242, currency: 'INR' } },
    });
  });

  it('serve the public tracking page from DynamoDB: a live link’s page (200) and, reading nothing, a malformed token’s 404 page', async () => {
    const server = await startTestServer();
    const merchant = await newMerchant(table.rt, server);
    const link = await trackingLinkOf(merchant, (await merchant.bookJob()).id);
    await server.close();
    const env = { TABLE_NAME: table.tableName, DYNAMODB_ENDPOINT: table.endpoint };
    const page = (token: string) => ({ ...proxyEvent({ 'Accept-Language': 'hi' }), pathParameters: { token } });

    const live = (await invokeBundle(bundles.get('tracking-page')!, page(link.path.split('/').pop()!), env)) as { statusCode: number; body: string };
    const malformed = (await invokeBundle(bundles.get('tracking-page')!, page('nope'), { ...env, DYNAMODB_ENDPOINT: 'http://127.0.0.1:9' })) as {
      statusCode: number;
      body: string;
    };

    expect([live.statusCode, live.body]).toEqual([200, expect.stringContaining('हम आपके ऑर्डर के लिए राइडर ढूँढ रहे हैं')]);
    expect([malformed.statusCode, malformed.body]).toEqual([404, expect.stringContaining('ट्रैकिंग लिंक नहीं मिला')]);
  });

  describe('the console web app’s function, with the app built beside it as CDK’s afterBundling hook builds it', () => {
    type Answer = { statusCode: number; headers: Record<string, string>; body: string };
    // No CONSOLE_ASSETS_DIR: the function finds the app in its own bundle (`console/` beside index.mjs), as on Lambda.
    const env = { TABLE_NAME: 'unused', DYNAMODB_ENDPOINT: 'http://127.0.0.1:9', CONSOLE_ASSETS_DIR: '' };
    const request = (proxy: string, options: { method?: string; stage?: string } = {}) => ({
      ...proxyEvent({}),
      httpMethod: options.method ?? 'GET',
      resource: '/console/{proxy+}',
      path: `/console/${proxy}`,
      pathParameters: proxy === '' ? null : { proxy },
      requestContext: { requestId: 'bundle-test', path: `${options.stage ?? ''}/console/${proxy}` },
    });
    const invoke = async (event: unknown) => (await invokeBundle(bundles.get(CONSOLE_FUNCTION)!, event, env)) as Answer;

    it('carries index.html and the hashed script and stylesheet it names, and no source map', () => {
      const dir = join(dirname(bundles.get(CONSOLE_FUNCTION)!.file), CONSOLE_BUNDLE_DIR);
      const files = readdirSync(dir, { recursive: true }).map(String).sort();

      expect(files).toHaveLength(4);
      expect(files).toEqual(
        expect.arrayContaining([
          'assets',
          expect.stringMatching(/^assets\/app-[A-Z0-9]+\.css$/),
          expect.stringMatching(/^assets\/app-[A-Z0-9]+\.js$/),
          'index.html',
        ]),
      );
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      for (const asset of files.filter((file) => file.startsWith('assets/'))) expect(html).toContain(`/console/${asset}`);
    });

    it('answers an app path with index.html under the CSP, and its hashed script cached for good, in a fresh Node process', async () => {
      const page = await invoke(request('jobs/job_1'));
      const script = /src="\/console\/(assets\/app-[A-Z0-9]+\.js)"/.exec(page.body)![1]!;
      const asset = await invoke(request(script));

      expect(page).toMatchObject({
        statusCode: 200,
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-cache',
          'Content-Security-Policy': CONSOLE_CSP,
          'X-Content-Type-Options': 'nosniff',
        },
      });
      expect(asset).toMatchObject({
        statusCode: 200,
        headers: {
          'Content-Type': 'text/javascript; charset=utf-8',
          'Cache-Control': 'public, max-age=31536000, immutable',
          'Content-Security-Policy': CONSOLE_CSP,
        },
      });
      expect(asset.body).toBe(readFileSync(join(dirname(bundles.get(CONSOLE_FUNCTION)!.file), CONSOLE_BUNDLE_DIR, script), 'utf8'));
    });

    it('answers the app’s home on API Gateway’s own URL with the assets under the stage, another method with 405, a stale asset with 404', async () => {
      const home = await invoke(request('', { stage: '/dev' }));
      const posted = await invoke(request('', { method: 'POST' }));
      const stale = await invoke(request('assets/app-STALE000.js'));

      expect(home.statusCode).toBe(200);
      expect(home.body).toMatch(/src="\/dev\/console\/assets\/app-[A-Z0-9]+\.js"/);
      expect([posted.statusCode, posted.headers.Allow, JSON.parse(posted.body)]).toEqual([
        405,
        'GET',
        { error: 'POST is not allowed on /console/; use GET', code: 'method_not_allowed' },
      ]);
      expect([stale.statusCode, JSON.parse(stale.body), stale.headers['Content-Security-Policy']]).toEqual([
        404,
        { error: 'No console file /console/assets/app-STALE000.js', code: 'not_found' },
        CONSOLE_CSP,
      ]);
    });
  });

  it('answer the gateway from the bundled merchant authorizer: a store’s usage key for its key, read from DynamoDB', async () => {
    const store = await createStore(table.rt);
    const event = { type: 'REQUEST', methodArn: 'arn:aws:execute-api:ap-south-1:123456789012:api/dev/GET/v1/balance', headers: { 'X-Api-Key': store.apiKey } };

    const result = await invokeBundle(bundles.get('merchant-authorizer')!, event, { TABLE_NAME: table.tableName, DYNAMODB_ENDPOINT: table.endpoint });

    expect(result).toMatchObject({ principalId: store.storeId, usageIdentifierKey: usageKeyValue(store.storeId) });
  });

  it('send a webhook through the bundled sender’s own HTTP client (node:http as the bundles take it): the receiver gets it, signed', async () => {
    const receiver = await startReceiver();
    const server = await startTestServer();
    const merchant = await newMerchant(table.rt, server);
    const endpoint = await merchant.post('/v1/webhook-endpoints', { url: receiver.url });
    const job = await merchant.bookJob();
    await server.close();
    await relayTick(table.rt);

    const totals = await invokeBundle(
      bundles.get('webhook-sender')!,
      { source: 'bell', worker: 'webhooks' },
      { TABLE_NAME: table.tableName, DYNAMODB_ENDPOINT: table.endpoint, WEBHOOK_ALLOW_LOOPBACK: 'true' },
    );
    await receiver.close();

    expect(totals).toMatchObject({ worker: 'webhooks', passes: 1, moved: 1, failed: 0 }); // one delivery sent
    const secret = (endpoint.body as { data: { secret: string } }).data.secret;
    const events = receiver.received.map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>));
    expect(events).toEqual([expect.objectContaining({ type: 'job.created', jobId: job.id })]);
  });

  // An ESM import of node:http has Node build the module's ESM face, which loads undici (fetch's
  // client): about 15 ms of a cold start. Every bundle takes node:http as CommonJS does (functions/node-http.ts).
  it('import node:http in no bundle as an ES module, so that no cold start loads undici', async () => {
    const esmImports = (handler: string) =>
      Object.values(bundles.get(handler)!.metafile.outputs)
        .flatMap((output) => output.imports)
        .filter((imported) => imported.path === 'node:http' && imported.kind === 'import-statement');
    for (const handler of deployed) expect(esmImports(handler), handler).toEqual([]);

    const loadsUndici = (bundle: Bundle) =>
      new Promise<boolean>((resolve, reject) => {
        const script = `await import(${JSON.stringify(pathToFileURL(bundle.file).href)}); process.stdout.write(String(process.moduleLoadList.some((m) => m.includes('undici'))));`;
        execFile(
          process.execPath,
          ['--input-type=module', '-e', script],
          { env: { ...process.env, LOG_LEVEL: 'SILENT', TABLE_NAME: 'unused' } },
          (error, stdout) => (error ? reject(error) : resolve(stdout === 'true')),
        );
      });
    const loaded = await Promise.all(deployed.map(async (handler) => [handler, await loadsUndici(bundles.get(handler)!)]));
    expect(loaded.filter(([, undici]) => undici)).toEqual([]);
  });

  // The docs, the answers' schemas and the route matcher serve the document generator, the types and the local server: no function runs them.
  it.each(deployed.map((h) => [h]))('build %s without the API documentation, the answers’ schemas or the route matcher', (handler) => {
    const inputs = Object.keys(bundles.get(handler)!.metafile.inputs);

    expect(inputs.filter((input) => /^functions\/(schemas\/(docs|views)\/|http\/route-matcher\.ts$)/.test(input))).toEqual([]);
  });

  it('keep what only booking needs (powertools idempotency) out of the other functions', () => {
    const inputsOf = (handler: string) => Object.values(bundles.get(handler)!.metafile.outputs).flatMap((o) => Object.keys(o.inputs));
    expect(inputsOf('create-booking').some((f) => f.includes('@aws-lambda-powertools/idempotency'))).toBe(true);
    for (const handler of deployed.filter((h) => h !== 'create-booking')) {
      expect(inputsOf(handler).filter((f) => f.includes('@aws-lambda-powertools/idempotency'))).toEqual([]);
    }
  });
});

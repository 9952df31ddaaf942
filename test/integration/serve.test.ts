import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createServer } from 'node:net';
import { freePort, portOpen } from '../../bin/local/net.ts';
import { adminProcess } from '../helpers/admin.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'serve-data-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs `npm start`'s entry point as a user would, and waits until it says it is ready (or exits). */
async function startServe(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['bin/serve.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await Promise.race([
    exited,
    new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (output.includes('Press Ctrl-C to stop')) {
          clearInterval(timer);
          resolve();
        }
      }, 50);
      void exited.then(() => clearInterval(timer));
    }),
  ]);
  return { child, output: () => output, exited };
}

describe('npm start', () => {
  it('starts the bundled DynamoDB Local, seeds, creates a demo store whose curl line works, and stops it all on Ctrl-C', async () => {
    const dynamoPort = await freePort();
    const apiPort = await freePort();
    // LOG_LEVEL as a user has it (the tests' own is SILENT): the access log is part of what npm start shows.
    const env = {
      DATA_DIR: dataDir,
      DYNAMODB_LOCAL_PORT: String(dynamoPort),
      PORT: String(apiPort),
      DYNAMODB_ENDPOINT: '',
      TABLE_NAME: 'delivery-api',
      LOG_LEVEL: 'INFO',
    };

    const first = await startServe(env);
    const text = first.output();
    const apiKey = /API key:\n {2}(mdk_test_\w{32})/.exec(text)?.[1];
    const response = await fetch(`http://127.0.0.1:${apiPort}/v1/balance`, { headers: { 'X-Api-Key': apiKey ?? '' } });
    // Issue 36: the demo store's console sign-in link, beside its key, signs in once.
    const loginToken = new RegExp(`\\n {2}http://127\\.0\\.0\\.1:${apiPort}/console/login#t=([A-Za-z0-9_-]{43})\\n`).exec(text)?.[1];
    const signIn = await fetch(`http://127.0.0.1:${apiPort}/console/v1/sessions`, {
      method: 'POST',
      headers: { 'X-Console': '1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ loginToken }),
    });
    // More requests than the screen has rows under the banner: the banner's reminder comes back.
    for (let i = 0; i < 12; i++) await (await fetch(`http://127.0.0.1:${apiPort}/v1/balance`, { headers: { 'X-Api-Key': apiKey ?? '' } })).text();
    // The admin CLI, given no DynamoDB, uses this start's (DynamoDB Local on a port of its own), not one on 8000.
    const storeId = /Demo sandbox store (store_\w+)/.exec(text)?.[1] ?? '';
    const cliEnv = { DATA_DIR: dataDir, DYNAMODB_ENDPOINT: '', TABLE_NAME: '' };
    const shown = await adminProcess(['store', 'show', '--store', storeId, '--json'], cliEnv);
    first.child.kill('SIGINT');
    const firstExit = await first.exited;
    const afterStop = await adminProcess(['store', 'show', '--store', storeId, '--json'], cliEnv);

    expect(text).toMatch(/• Starting DynamoDB Local on port \d+ \(data in .+\/dynamodb\) … done \(\d+\.\d s\)/);
    expect(text).toMatch(/• Creating table delivery-api if missing … done \(\d+\.\d s\)/);
    expect(text).toMatch(/• Seeding zones and rate cards from seed\/zones.json … done/);
    expect(text).toContain('added bengaluru, mumbai, delhi-ncr, hyderabad, chennai, pune, kolkata (7 zones)');
    expect(text).toContain(`Merchant API and fleet API listening on http://127.0.0.1:${apiPort}`);
    expect(text).toContain(`curl -s http://127.0.0.1:${apiPort}/v1/balance -H 'X-Api-Key: ${apiKey}'`);
    expect(response.status).toBe(200);
    expect(signIn.status).toBe(201);
    expect(await signIn.json()).toMatchObject({ session: { mode: 'test', store: { id: storeId, name: 'Demo sandbox store' }, testStore: null } });
    expect(await response.json()).toEqual({ data: { apiEnabled: true, balanceMinor: 500_000, reservedMinor: 0, availableMinor: 500_000, currency: 'INR' } });
    expect(firstExit).toBe(0);
    expect(await portOpen(dynamoPort)).toBe(false);
    // The terminal: one short line a request; the JSON records, as Lambda prints them, in DATA_DIR/api.log.
    const terminal = first.output();
    const accessLines = terminal.split('\n').filter((line) => line.includes(' GET /v1/balance → 200 '));
    const records = readFileSync(join(dataDir, 'api.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(accessLines).toHaveLength(13);
    expect(accessLines[0]).toMatch(new RegExp(`^\\d{2}:\\d{2}:\\d{2} GET /v1/balance → 200 \\d+\\.\\d ms ${storeId}$`));
    expect(terminal).not.toContain('"level"');
    expect(terminal).toContain(`── http://127.0.0.1:${apiPort} · demo key ${apiKey} · reference http://127.0.0.1:${apiPort}/docs`);
    expect(records.filter((r) => r.message === 'request' && r.route === 'GET /v1/balance')).toHaveLength(13);
    expect(records.find((r) => r.message === 'request')).toMatchObject({ level: 'INFO', message: 'request', status: 200, storeId, service: 'delivery-api' });
    // Beside the requests, only the background engine's lines (its sweeps and its workers' runs), as Lambda logs them.
    expect(records.filter((r) => !['request', 'worker ran', 'sweep ran'].includes(r.message as string))).toEqual([]);
    expect(text).toContain(`Admin CLI (this start's DynamoDB and table): DATA_DIR=${dataDir} npm run admin -- --help`);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: storeId, name: 'Demo sandbox store', balanceMinor: 500_000 });
    expect(afterStop.code).toBe(1);
    expect(JSON.parse(afterStop.stderr)).toEqual({ error: expect.stringMatching(/^No running `npm start` found \(.+npm-start\.json\)/), code: 'no_target' });

    // Second start: the data survived in DATA_DIR, nothing is created twice, the same demo key is shown.
    const second = await startServe(env);
    second.child.kill('SIGINT');
    await second.exited;

    expect(second.output()).toContain('(table already existed)');
    expect(second.output()).toContain('all zones already present (7 zones)');
    expect(second.output()).toContain(apiKey);
    expect(second.output()).not.toContain('(created now)');
  }, 180_000);

  it('uses DYNAMODB_ENDPOINT instead of starting its own DynamoDB Local', async () => {
    const apiPort = await freePort();
    const tableName = `serve-${randomBytes(4).toString('hex')}`;

    const started = await startServe({ DATA_DIR: dataDir, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), TABLE_NAME: tableName, PORT: String(apiPort) });
    started.child.kill('SIGINT');
    await started.exited;

    expect(started.output()).toContain(`• Using DynamoDB at ${inject('dynamoEndpoint')} (DYNAMODB_ENDPOINT)`);
    expect(started.output()).not.toContain('Starting DynamoDB Local');
    expect(started.output()).toContain(`Creating table ${tableName} if missing`);
  }, 60_000);

  it('refuses at once, naming PORT, when the API port is taken, before starting DynamoDB Local or seeding', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const apiPort = (taken.address() as { port: number }).port;
    const dynamoPort = await freePort();

    const started = await startServe({ DATA_DIR: dataDir, DYNAMODB_ENDPOINT: '', DYNAMODB_LOCAL_PORT: String(dynamoPort), PORT: String(apiPort) });
    const code = await started.exited;
    taken.close();

    expect(code).toBe(1);
    expect(started.output()).toBe(
      `✖ Port ${apiPort} is already in use (another npm start?). Stop what runs there, or pick another port with PORT, e.g. PORT=${apiPort + 1} npm start.\n`,
    );
    expect(await portOpen(dynamoPort)).toBe(false);
  });

  it('says in one line how to install Java when it is missing', async () => {
    const started = await startServe({ DATA_DIR: dataDir, DYNAMODB_ENDPOINT: '', PATH: '/nonexistent', PORT: String(await freePort()) });
    const code = await started.exited;

    expect(code).toBe(1);
    expect(started.output()).toBe(
      '✖ DynamoDB Local needs Java 17 or newer (no `java` on the PATH). Install it (Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless; macOS: brew install openjdk@17), or set DYNAMODB_ENDPOINT to a DynamoDB you already run.\n',
    );
  });
});

import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type LocalEngine } from '../../bin/local/engine.ts';
import { useLocalApi } from '../helpers/server.ts';
import { createStore } from '../helpers/fixtures.ts';
import { allowLoopbackReceivers, startReceiver } from '../helpers/receiver.ts';

/**
 * `npm run smoke` (bin/smoke.ts) run as an operator runs it after a deploy, in a process of its own,
 * against the real local server with the local engine (the relay and the webhook sender) running,
 * and a real HTTP receiver for its webhook. Each run's exit code is the failed step's number.
 */
allowLoopbackReceivers();
const api = useLocalApi({ stream: true });
let engine: LocalEngine;
beforeAll(async () => {
  engine = startEngine(api.table.rt, { onError: (error) => console.error('engine:', error) });
  await engine.ready;
});
afterAll(() => engine?.stop());

const STEP_NAMES = [
  'balance',
  'unknown key',
  'webhook endpoint',
  'quote',
  'booking',
  'tracking page',
  'cancel',
  'webhook delivery',
  'fleet read',
  'read rate limit',
];

interface SmokeRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

// `npm run -s smoke -- …`, as the runbook says to run it.
function smoke(args: string[]): Promise<SmokeRun> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', 'smoke', '--', ...args], { env: process.env });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Each step's line as mark and name: `✓ balance`, `– fleet read`, `✗ booking`. */
const stepLines = (output: string) =>
  output
    .split('\n')
    .map((line) => /^([✓✗–])\s+\d+\/10 (.+?)\s{2,}/.exec(`${line}  `))
    .filter((match) => match !== null)
    .map((match) => `${match[1]} ${match[2]!.trim()}`);

/** The store as the table has it now: its money, and its jobs' statuses. */
async function storeNow(storeId: string) {
  const store = (await api.table.rt.stores.get(storeId))!;
  return { balanceMinor: store.balanceMinor, reservedMinor: store.reservedMinor, availableMinor: store.availableMinor, jobCount: store.jobCount };
}

/**
 * The local server behind a proxy standing in for a stage whose rate limiter IAM refuses: the store's
 * balance reads after the first `passing` answer 500 as the function does when DynamoDB says AccessDenied.
 */
async function stageFailingReads(apiKey: string, passing: number): Promise<{ url: string; close(): Promise<void> }> {
  let reads = 0;
  const stage = createServer((req, res) => {
    if (req.url === '/v1/balance' && req.headers['x-api-key'] === apiKey && ++reads > passing) {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"Internal server error","code":"internal_error"}');
      return;
    }
    const upstream = new URL(req.url!, api.server.url);
    req.pipe(
      request(upstream, { method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      }),
    );
  });
  await new Promise<void>((resolve) => stage.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(stage.address() as AddressInfo).port}`,
    close: () => {
      stage.closeAllConnections();
      return new Promise((resolve) => stage.close(() => resolve()));
    },
  };
}

describe('npm run smoke against the local server', () => {
  it('passes every step on a sandbox store with a receiver and a fleet key, and leaves the store as it found it', async () => {
    const store = await createStore(api.table.rt, { sandbox: true, creditMinor: 50_000 });
    // A small read limit keeps the last step short: it reads until the limiter refuses.
    await api.table.rt.stores.setRateLimits(store.storeId, { reads: 25 });
    const receiver = await startReceiver();
    const rider = await api.table.rt.fleetKeys.create('rider', null);

    const run = await smoke(['--url', api.server.url, '--key', store.apiKey, '--fleet-key', rider.fleetKey, '--receiver', receiver.url]);
    await receiver.close();

    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(stepLines(run.stdout)).toEqual(STEP_NAMES.map((name) => `✓ ${name}`));
    expect(run.stdout).toMatch(
      / read rate limit +429 rate_limited after \d+ reads answered 200 \(limit 25 a minute, one back every 2.4 s\), Retry-After [1-9]\d* s, RateLimit-Remaining 0 /,
    );
    const allowed = Number(/after (\d+) reads answered 200/.exec(run.stdout)![1]);
    // What the earlier steps left of the 25 (they read a few times), and the tokens back meanwhile.
    expect(allowed).toBeGreaterThanOrEqual(10);
    expect(run.stdout).toMatch(/ unknown key +401 unauthorized: Invalid API key /);
    expect(run.stdout).toMatch(/ booking +201 [0-9a-f-]{36} \(created, sandbox, ₹\d+ held\); replay 200, same job /);
    // The tracking token is the page's only access: the output shows six of its characters.
    expect(run.stdout).toMatch(/ tracking page +201 link, page 200 text\/html \(\d+ bytes\) at \/track\/[\w-]{6}… /);
    expect(run.stdout).toMatch(/ webhook delivery +evt_\w+ answered 200 in \d+ ms/);
    expect(run.stdout).toMatch(/cleanup: delete webhook endpoint we_\w+: deleted\n/);
    expect(run.stdout).toMatch(/PASSED: 10 steps passed, 0 skipped \(\d+ requests\)\n$/);
    // The receiver got the booking's event, and the endpoint is gone; the job's hold is released.
    expect(receiver.events().map((event) => event.type)).toContain('job.created');
    expect(await api.table.rt.webhookEndpoints.list(store.storeId)).toEqual([]);
    expect(await storeNow(store.storeId)).toEqual({ balanceMinor: 50_000, reservedMinor: 0, availableMinor: 50_000, jobCount: 1 });
  });

  it('fails at the balance, exit 1, on a key never issued: 401 and the body’s code and message', async () => {
    const run = await smoke(['--url', api.server.url, '--key', `mdk_test_${'Z'.repeat(32)}`]);

    expect(run.code).toBe(1);
    expect(stepLines(run.stdout)).toEqual(['✗ balance']);
    expect(run.stdout).toContain('FAILED at step 1 (balance): GET /v1/balance: expected 200, got 401 unauthorized: Invalid API key\n');
  });

  it('fails at the balance, exit 1, on a URL that is not the stage: the 404 it got, or no answer at all', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const store = await createStore(api.table.rt, { sandbox: true });

    const wrongPath = await smoke(['--url', `${api.server.url}/prod`, '--key', store.apiKey]);
    const nobody = await smoke(['--url', `http://127.0.0.1:${port}`, '--key', store.apiKey]);

    expect(wrongPath.code).toBe(1);
    expect(wrongPath.stdout).toContain('FAILED at step 1 (balance): GET /v1/balance: expected 200, got 404 not_found');
    expect(nobody.code).toBe(1);
    expect(nobody.stdout).toContain(`FAILED at step 1 (balance): GET http://127.0.0.1:${port}/v1/balance: no answer (ECONNREFUSED)\n`);
  });

  it('refuses to book on a live store’s key without --allow-live-booking: exit 5, nothing booked', async () => {
    const store = await createStore(api.table.rt, { creditMinor: 50_000 });

    const run = await smoke(['--url', api.server.url, '--key', store.apiKey, '--skip-rate-limit']);

    expect(run.code).toBe(5);
    expect(stepLines(run.stdout)).toEqual(['✓ balance', '✓ unknown key', '– webhook endpoint', '✓ quote', '✗ booking']);
    expect(run.stdout).toMatch(/FAILED at step 5 \(booking\): refused: the key is a live store's \(mdk_live_…\).*pass --allow-live-booking/);
    expect(await storeNow(store.storeId)).toEqual({ balanceMinor: 50_000, reservedMinor: 0, availableMinor: 50_000, jobCount: 0 });
  });

  it('books and cancels on a live store with --allow-live-booking, and says why each step it skips is skipped (--json)', async () => {
    const store = await createStore(api.table.rt, { creditMinor: 50_000 });

    const run = await smoke(['--url', api.server.url, '--key', store.apiKey, '--allow-live-booking', '--skip-rate-limit', '--json']);

    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as { passed: boolean; failedStep: unknown; steps: Array<{ name: string; status: string; detail: string }> };
    expect(summary).toMatchObject({ passed: true, failedStep: null });
    expect(summary.steps.map((step) => [step.name, step.status])).toEqual(
      STEP_NAMES.map((name) => [name, ['webhook endpoint', 'webhook delivery', 'fleet read', 'read rate limit'].includes(name) ? 'skipped' : 'passed']),
    );
    expect(summary.steps.filter((step) => step.status === 'skipped').map((step) => step.detail)).toEqual([
      'skipped: no --receiver given',
      'skipped: no --receiver given',
      'skipped: no --fleet-key given',
      'skipped: --skip-rate-limit given',
    ]);
    expect(summary.steps.find((step) => step.name === 'booking')!.detail).toMatch(/, LIVE, /);
    expect(run.stderr).toMatch(/PASSED: 6 steps passed, 4 skipped/);
    expect(await storeNow(store.storeId)).toEqual({ balanceMinor: 50_000, reservedMinor: 0, availableMinor: 50_000, jobCount: 1 });
  });

  it('fails at the webhook delivery, exit 8, when the receiver answers 500, and still cancels the job and deletes the endpoint', async () => {
    const store = await createStore(api.table.rt, { sandbox: true, creditMinor: 50_000 });
    const receiver = await startReceiver(() => ({ status: 500 }));

    const run = await smoke(['--url', api.server.url, '--key', store.apiKey, '--receiver', receiver.url, '--webhook-wait', '3']);
    await receiver.close();

    expect(run.code).toBe(8);
    expect(run.stdout).toMatch(/FAILED at step 8 \(webhook delivery\): no delivery answered 2xx within 3 s \(last attempt failed: 500/);
    expect(run.stdout).toMatch(/cleanup: delete webhook endpoint we_\w+: deleted\n/);
    expect(receiver.received.length).toBeGreaterThanOrEqual(1);
    expect(await api.table.rt.webhookEndpoints.list(store.storeId)).toEqual([]);
    expect(await storeNow(store.storeId)).toMatchObject({ reservedMinor: 0, availableMinor: 50_000 });
  });

  it('fails at the read limit, exit 10, when a read answers 500 while the limit is spent, naming the IAM condition to look for', async () => {
    const store = await createStore(api.table.rt, { sandbox: true, creditMinor: 50_000 });
    // The store's balance reads pass for the balance and cancel steps, then fail.
    const stage = await stageFailingReads(store.apiKey, 2);

    const run = await smoke(['--url', stage.url, '--key', store.apiKey]);
    await stage.close();

    expect(run.code).toBe(10);
    expect(stepLines(run.stdout)).toEqual([
      ...STEP_NAMES.slice(0, 9).map((name) =>
        name === 'webhook endpoint' || name === 'webhook delivery' || name === 'fleet read' ? `– ${name}` : `✓ ${name}`,
      ),
      '✗ read rate limit',
    ]);
    expect(run.stdout).toContain(
      "FAILED at step 10 (read rate limit): GET /v1/balance while spending the read limit: 500 internal_error: Internal server error. If the get-balance function's log shows AccessDenied on dynamodb:UpdateItem",
    );
  });

  it('fails at the balance, exit 1, when every read answers 500, naming the same IAM condition', async () => {
    const store = await createStore(api.table.rt, { sandbox: true });
    const stage = await stageFailingReads(store.apiKey, 0);

    const run = await smoke(['--url', stage.url, '--key', store.apiKey]);
    await stage.close();

    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "FAILED at step 1 (balance): GET /v1/balance: expected 200, got 500 internal_error: Internal server error. If the get-balance function's log shows AccessDenied on dynamodb:UpdateItem",
    );
  });

  it('refuses a command line without --url or --key: exit 64 and the usage', async () => {
    const run = await smoke(['--key', 'mdk_test_x']);

    expect(run.code).toBe(64);
    expect(run.stderr).toMatch(/^--url <stage URL> is required[\s\S]*Usage: npm run smoke -- --url/);
  });
});

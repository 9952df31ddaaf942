/**
 * `npm run load` (issue 11): 50 stores book, read and cancel while 20 riders move jobs, all at once
 * for 2 minutes, through the real local server and an in-memory DynamoDB Local with the background
 * workers running; then the whole table is held to what the clients saw and to the invariants
 * (scripts/load/checks.ts). Prints a markdown summary on stdout (progress on stderr) and exits 1 if
 * any check fails: a 5xx, a lost or duplicated job, event or ledger entry, a broken ledger invariant.
 *
 *   npm run load -- [--seconds 120] [--stores 50] [--riders 20]
 *
 * Besides the stores with raised limits (2 of them with little credit, to meet insufficient_credit),
 * 3 stores keep the default limits, to show their 429s are answered as specified. Dispatch's clocks
 * are shortened so both happen inside a 2-minute run (ACCEPT_CONFIRM_SECONDS=30: riders who walk away
 * from an acceptance lose it; DISPATCH_TIMEOUT_SECONDS=60: jobs nobody takes fail and are released);
 * set either variable to override. Loopback only; every loop ends at the deadline.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { freePort } from '../bin/local/net.ts';
import { startDynamoDbLocal } from '../bin/local/dynamodb-local.ts';
import { LoadClient, pause } from './load/http.ts';
import { Observed, type LoadStore, type StoreKind } from './load/observed.ts';
import { MERCHANT_MIX, runMerchant } from './load/merchant.ts';
import { RIDER_MIX, runRider } from './load/rider.ts';
import { summary } from './load/report.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '120' }, stores: { type: 'string', default: '50' }, riders: { type: 'string', default: '20' } },
});
function count(name: keyof typeof values, max: number): number {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`--${name} must be a whole number from 1 to ${max}`);
  return value;
}
const SECONDS = count('seconds', 3600);
const STORES = count('stores', 500);
const RIDERS = count('riders', 200);
const DEFAULT_LIMIT_STORES = 3;
const LOW_CREDIT_STORES = Math.min(2, STORES - 1);
const CREDIT_MINOR = 100_000_000; // ₹10 lakh: far more than a run books
const LOW_CREDIT_MINOR = 100_000; // ₹1,000: about 14 bookings
// How long the run waits after the load for what its last requests rang.
const SETTLE_MS = 3_500;
const RAISED_LIMITS = { quotes: 1_000_000, bookings: 1_000_000, cancellations: 1_000_000, reads: 1_000_000 };

process.env.ACCEPT_CONFIRM_SECONDS ??= '30';
process.env.DISPATCH_TIMEOUT_SECONDS ??= '60';

// The longest time between two worker ticks' ends (from the start of the load), in seconds.
function longestGap(times: number[], from: number): string {
  const gaps = times.map((time, index) => time - (index === 0 ? from : times[index - 1]!));
  return (Math.max(0, ...gaps) / 1000).toFixed(1);
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${commit} with uncommitted changes` : commit;
  } catch {
    return 'unknown';
  }
}

// An attempt that outlasts the SDK's requestTimeout (1.5 s, functions/data/client.ts) is cut off and
// tried again; the SDK logs each one: counted for the report instead of printed.
let timedOutAttempts = 0;
for (const level of ['warn', 'error'] as const) {
  const print = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    if (String(args[0]).includes('requestTimeout')) timedOutAttempts += 1;
    else print(...args);
  };
}

const dynamo = await startDynamoDbLocal({ port: await freePort() });
process.once('SIGINT', () => {
  dynamo.process.kill('SIGTERM');
  process.exit(130);
});
// However the run goes, it ends: the checks take seconds, not minutes.
const watchdog = setTimeout(
  () => {
    console.error(`load: still running ${SECONDS + 600} s after start; giving up`);
    dynamo.process.kill('SIGTERM');
    process.exit(3);
  },
  (SECONDS + 600) * 1000,
);
watchdog.unref();

try {
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.TABLE_NAME = `load-${randomUUID().slice(0, 8)}`;
  process.env.LOG_LEVEL = 'SILENT';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';

  // Imported after the environment is set: the handlers read it on first use.
  const { runtime } = await import('../functions/runtime.ts');
  const { seedZones, tableAdmin } = await import('../bin/local/bootstrap.ts');
  const { startHttpServer } = await import('../bin/local/http-server.ts');
  const { startEngine } = await import('../bin/local/engine.ts');
  const { dynamoClients } = await import('../functions/data/client.ts');
  const { checkRun } = await import('./load/checks.ts');
  const { STORES_AT_ONCE } = await import('../functions/workers/worklist.ts');

  const rt = runtime();
  await tableAdmin(rt.config).ensure();
  await seedZones(rt);
  const { server, url } = await startHttpServer({ host: '127.0.0.1', port: 0 });
  const client = new LoadClient(url);
  const observed = new Observed();

  const newStore = async (name: string, kind: StoreKind, creditMinor: number): Promise<LoadStore> => {
    const created = await rt.stores.create({ name, sandbox: false, creditMinor });
    if (kind !== 'default-limits') await rt.stores.setRateLimits(created.storeId, RAISED_LIMITS);
    const store: LoadStore = { name, kind, creditMinor, storeId: created.storeId, apiKey: created.apiKey, created: new Map(), jobByKey: new Map(), open: [] };
    observed.stores.push(store);
    return store;
  };
  for (let i = 1; i <= STORES; i++) {
    const low = i > STORES - LOW_CREDIT_STORES;
    await newStore(`${low ? 'low-credit' : 'store'}-${String(i).padStart(2, '0')}`, low ? 'low-credit' : 'raised', low ? LOW_CREDIT_MINOR : CREDIT_MINOR);
  }
  for (let i = 1; i <= DEFAULT_LIMIT_STORES; i++) await newStore(`default-limits-${i}`, 'default-limits', CREDIT_MINOR);
  const riders = [];
  for (let i = 1; i <= RIDERS; i++) {
    const { fleetKey, agentId } = await rt.fleetKeys.create('rider', `load-rider-${String(i).padStart(2, '0')}`);
    riders.push({ name: `rider-${String(i).padStart(2, '0')}`, fleetKey, agentId: agentId! });
  }

  const ticks = { ticks: 0, failures: [] as string[] };
  const tickTimes: number[] = [];
  // The local engine, as npm start runs it: woken by the table's stream, its alarms and its sweep.
  const workers = startEngine(rt, {
    onError: (error) => ticks.failures.push(`engine threw: ${(error as Error).message}`),
    onReport: (run) => {
      ticks.ticks += 1;
      tickTimes.push(Date.now());
      if (run.failed > 0) ticks.failures.push(`a ${run.worker} run failed ${run.failed} items`);
    },
  });
  await workers.ready;

  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  console.error(`load: ${observed.stores.length} stores and ${riders.length} riders for ${SECONDS} s against ${url}`);
  const progress = setInterval(() => {
    const answers = [...client.counts.values()].reduce((sum, byStatus) => sum + [...byStatus.values()].reduce((a, b) => a + b, 0), 0);
    console.error(`load: ${Math.round((Date.now() - started) / 1000)} s, ${answers} answers, ${client.faultCounts.serverErrors} 5xx`);
  }, 15_000);
  try {
    await Promise.all([
      ...observed.stores.map((store) => runMerchant(client, observed, store, deadline)),
      ...riders.map((rider) => runRider(client, observed, rider, deadline)),
    ]);
  } finally {
    clearInterval(progress);
  }
  const loadSeconds = (Date.now() - started) / 1000;
  // A moment for what the last requests rang, then a sweep for anything left due, then nothing moves.
  await pause(SETTLE_MS);
  await workers.sweep();
  await workers.idle();
  await workers.stop();
  server.closeAllConnections();
  server.close();

  console.error('load: checking the table');
  const { checks, jobs } = await checkRun({
    rt,
    db: dynamoClients({ region: rt.config.AWS_REGION, endpoint: rt.config.DYNAMODB_ENDPOINT }).doc,
    client,
    observed,
    workers: ticks,
  });
  const cpu = cpus();
  console.log(
    summary(
      {
        date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        commit: gitCommit(),
        machine: `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.versions.node}`,
        seconds: Math.round(loadSeconds),
        notes: [
          `Worker runs (dispatch, the sandbox simulator, remittances, the event relay, the sender, each woken by the engine) completed: ${ticks.ticks}, the longest gap between two ${longestGap(tickTimes, started)} s (a pass moves what is due, ${STORES_AT_ONCE} stores at a time)`,
          `DynamoDB attempts cut off at the SDK's 1.5 s requestTimeout (each tried again): ${timedOutAttempts}`,
        ],
        setup: [
          `${STORES} stores with raised limits (${LOW_CREDIT_STORES} of them with ₹${LOW_CREDIT_MINOR / 100} of credit, the rest ₹${CREDIT_MINOR / 100}), ${DEFAULT_LIMIT_STORES} at the default limits; ${RIDERS} riders (at most 2 jobs each)`,
          `merchant loop: quote, book (unique Idempotency-Key; ${MERCHANT_MIX.concurrentDuplicate * 100} % sent twice at once, ${MERCHANT_MIX.replayAfter * 100} % replayed after the 201), read the job and the newest 20; balance ${MERCHANT_MIX.balance * 100} %, status list ${MERCHANT_MIX.statusList * 100} %, cancel ${MERCHANT_MIX.cancel * 100} %; pause 0–${MERCHANT_MIX.thinkMs} ms`,
          `rider loop (≤ ${Math.floor(60_000 / RIDER_MIX.requestGapMs)} requests a minute, under the key's 120): offers, accept, start-confirmation, confirm, arrive, pickup code, arrive, delivery code; decline ${RIDER_MIX.decline * 100} %, walk away ${RIDER_MIX.abandon * 100} %, fail before/after pickup ${RIDER_MIX.failBeforePickup * 100}/${RIDER_MIX.failAfterPickup * 100} %, a wrong code first ${RIDER_MIX.wrongCode * 100} %`,
          `workers woken by the local engine (the table's stream, alarms, a sweep a minute); ACCEPT_CONFIRM_SECONDS=${rt.config.ACCEPT_CONFIRM_SECONDS}, DISPATCH_TIMEOUT_SECONDS=${rt.config.DISPATCH_TIMEOUT_SECONDS} (shortened so both clocks run out inside the run)`,
        ],
      },
      client,
      observed,
      jobs,
      checks,
    ),
  );
  process.exitCode = checks.some((check) => check.failureCount > 0) ? 1 : 0;
} finally {
  await dynamo.stop();
}

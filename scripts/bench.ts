/**
 * `npm run bench`: every benchmark, against the local server and DynamoDB Local, one markdown table per
 * area (docs/performance.md records the latest run):
 *   endpoints  each merchant and fleet endpoint BENCH_REQUESTS times: DynamoDB round trips and calls,
 *              capacity units (and what a million requests cost on demand), latency, and the time
 *              the handler spends outside DynamoDB, all from the access log;
 *   list       GET /v1/jobs at offsets 0, 1,000 and 100,000 on a store of BENCH_LIST_JOBS jobs;
 *   dispatch   the offers list and an idle dispatch tick as the jobs waiting for a rider grow;
 *   serviceability  POST /v1/serviceability, 100 items a request, against the real pincode table;
 *   bundles    each function's bundle: size, cold import against a bare DynamoDB bundle's, largest inputs;
 *   and the webhook latency and tracking page benchmarks (their own scripts, run in turn).
 * `npm run bench -- endpoints list` runs only those areas. Nothing is asserted: timings are noisy on
 * shared machines; the tests assert the counts.
 */
import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';

// Each area is its own script, run in its own process (each starts its own DynamoDB Local and server).
const AREAS: Record<string, string> = {
  endpoints: 'scripts/bench/endpoints.ts',
  list: 'scripts/bench/list.ts',
  dispatch: 'scripts/bench/dispatch.ts',
  serviceability: 'scripts/bench/serviceability.ts',
  bundles: 'scripts/bench/bundles.ts',
  webhooks: 'scripts/bench-webhooks.ts',
  'tracking-page': 'scripts/bench-tracking-page.ts',
};

const chosen = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = chosen.filter((name) => !AREAS[name]);
if (unknown.length > 0) throw new Error(`No benchmark area ${unknown.join(', ')}; the areas: ${Object.keys(AREAS).join(', ')}`);

console.log(`# Benchmarks, ${new Date().toISOString().slice(0, 10)}\n`);
console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node.js ${process.version}, DynamoDB Local in memory.\n`,
);
for (const [name, file] of Object.entries(AREAS)) {
  if (chosen.length > 0 && !chosen.includes(name)) continue;
  const started = performance.now();
  const run = spawnSync(process.execPath, [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`${file} failed (exit ${run.status})`);
  console.log(`## ${name}\n\n${run.stdout.trim()}\n\n(${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
}

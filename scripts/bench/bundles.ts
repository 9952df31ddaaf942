/**
 * Benchmark area `bundles` (run by `npm run bench`; `npm run bundle-report` prints the same): every
 * deployed function built as CDK builds it, with its size, the median time a fresh Node process takes
 * to import it (of RUNS), that time against the floor's (a bundle of the DynamoDB client and one
 * command, built and timed in the same run), and the three packages that make up most of its bytes
 * (esbuild's metafile). A second reference, the design card's floor (scripts/bench/card-floor.ts),
 * adds the parts every function must have: the powertools logger, Middy, zod's smallest build.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { DEPLOYED_FUNCTIONS, type FunctionSpec } from '../../lib/functions.ts';
import { BOOKING_BUNDLE_BUDGET_BYTES, BUNDLE_BUDGET_BYTES, bundleBudget } from '../../lib/bundling.ts';
import { buildBundle } from '../bundle.ts';
import { quantile, table } from './service.ts';

const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 7);
const FLOOR: FunctionSpec = { name: 'floor', handler: '../scripts/bench/floor', access: 'read-item' };
const CARD_FLOOR: FunctionSpec = { name: 'card-floor', handler: '../scripts/bench/card-floor', access: 'read-item' };

/** Milliseconds for a fresh `node` to import the bundle (what a cold start pays before the first request). */
function importMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, TABLE_NAME: 'bench' } }).toString());
}

/** The packages (or our own folders) that make up most of a bundle, by bytes in the output. */
function largestInputs(metafile: Metafile, count = 3): Array<{ name: string; bytes: number }> {
  const output = Object.values(metafile.outputs).find((out) => out.entryPoint !== undefined)!;
  const byName = new Map<string, number>();
  for (const [file, input] of Object.entries(output.inputs)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? file.replace(/^.*?(functions\/[^/]+).*$/, '$1');
    byName.set(name, (byName.get(name) ?? 0) + input.bytesInOutput);
  }
  return [...byName]
    .map(([name, bytes]) => ({ name, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}

const outDir = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
try {
  const floor = await buildBundle(FLOOR, outDir);
  const floorMs = quantile(
    Array.from({ length: RUNS }, () => importMs(floor.file)),
    0.5,
  );
  const rows: Array<Array<string | number>> = [];
  for (const fn of [FLOOR, CARD_FLOOR, ...DEPLOYED_FUNCTIONS]) {
    const bundle = fn === FLOOR ? floor : await buildBundle(fn, outDir);
    const ms =
      fn === FLOOR
        ? floorMs
        : quantile(
            Array.from({ length: RUNS }, () => importMs(bundle.file)),
            0.5,
          );
    rows.push([
      fn === FLOOR
        ? '*floor: the DynamoDB client and one command*'
        : fn === CARD_FLOOR
          ? '*the design card’s floor: that, the powertools logger, Middy, zod/mini*'
          : `\`${fn.name}\``,
      `${(bundle.bytes / 1000).toFixed(1)}${bundle.bytes > bundleBudget(fn.name) ? ' (over budget)' : ''}`,
      ms.toFixed(1),
      (ms / floorMs).toFixed(2),
      largestInputs(bundle.metafile)
        .map((input) => `${input.name} ${(input.bytes / 1000).toFixed(0)}`)
        .join(', '),
    ]);
  }
  console.log(
    `Each bundle as CDK builds it (minified ESM, AWS SDK included, source map not counted); budget ${(BUNDLE_BUDGET_BYTES / 1000).toFixed(0)} KB (the booking ${(BOOKING_BUNDLE_BUDGET_BYTES / 1000).toFixed(0)} KB). Cold import: median of ${RUNS} fresh Node processes.\n`,
  );
  console.log(table(['Function', 'Size (KB)', 'Cold import (ms)', '× floor', 'Largest inputs (KB)'], rows));
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

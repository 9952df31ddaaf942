/**
 * `npm run bundle-report`: builds every function as CDK does and prints each bundle's size and the
 * time a fresh Node process takes to load it (median of 5), against the budget in lib/bundling.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEPLOYED_FUNCTIONS } from '../lib/functions.ts';
import { BUNDLE_BUDGET_BYTES } from '../lib/bundling.ts';
import { buildBundle } from './bundle.ts';

const RUNS = 5;

/** Milliseconds for a fresh `node` to import the bundle (what a cold start pays before the first request). */
function loadMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, TABLE_NAME: 'bundle-report' } }).toString());
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const outDir = mkdtempSync(join(tmpdir(), 'bundles-'));
try {
  const rows = [];
  for (const fn of DEPLOYED_FUNCTIONS) {
    const bundle = await buildBundle(fn, outDir);
    const times = Array.from({ length: RUNS }, () => loadMs(bundle.file));
    rows.push({ handler: fn.name, kb: bundle.bytes / 1024, loadMs: median(times), over: bundle.bytes > BUNDLE_BUDGET_BYTES });
  }
  console.log(`Budget: ${(BUNDLE_BUDGET_BYTES / 1024).toFixed(0)} KiB a bundle (minified ESM, AWS SDK included; source maps not counted)\n`);
  const width = Math.max(...rows.map((row) => row.handler.length)) + 2;
  console.log(`${'function'.padEnd(width)} ${'size'.padStart(10)} ${`load (median of ${RUNS})`.padStart(22)}`);
  for (const row of rows) {
    console.log(
      `${row.handler.padEnd(width)} ${`${row.kb.toFixed(1)} KiB`.padStart(10)} ${`${row.loadMs.toFixed(1)} ms`.padStart(22)}${row.over ? '  OVER BUDGET' : ''}`,
    );
  }
  if (rows.some((row) => row.over)) process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

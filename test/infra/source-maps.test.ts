import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { readFileSync } from 'node:fs';
import { DeliveryApiStack } from '../../lib/delivery-api-stack.ts';
import { DEPLOYED_FUNCTIONS } from '../../lib/functions.ts';
import { CONSOLE_BUNDLE_DIR } from '../../lib/bundling.ts';

// Issue 34 §6: each function's zip carried a 1.8–2.2 MB index.mjs.map that Lambda never loads (no
// NODE_OPTIONS=--enable-source-maps: lib/bundling.ts). The stack is synthesised as `cdk deploy` does,
// bundles and all, and every function asset is walked.

const CDK_JSON = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> };
const outdir = mkdtempSync(join(tmpdir(), 'cdk-assets-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));

describe('function assets', () => {
  it('hold no source map: every function’s asset is its index.mjs alone (the console’s function: and the built app)', () => {
    const app = new App({ outdir, context: { ...CDK_JSON.context } });
    new DeliveryApiStack(app, 'Assets', { stage: 'dev' });
    app.synth();

    const assets = readdirSync(outdir).filter((name) => name.startsWith('asset.') && statSync(join(outdir, name)).isDirectory());
    const bundles = assets.filter((asset) => readdirSync(join(outdir, asset)).includes('index.mjs'));
    expect(bundles).toHaveLength(DEPLOYED_FUNCTIONS.length);
    const files = assets.flatMap((asset) => filesUnder(join(outdir, asset)));
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    // Each asset is its index.mjs alone; the console web app's function also carries the built app (lib/bundling.ts, afterBundling).
    const contents = bundles.map((asset) => readdirSync(join(outdir, asset)).sort());
    expect(contents.filter((names) => names.join() !== 'index.mjs')).toEqual([[CONSOLE_BUNDLE_DIR, 'index.mjs']]);
  }, 900_000);
});

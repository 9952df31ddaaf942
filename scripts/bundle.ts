import { build, type Metafile } from 'esbuild';
import { join } from 'node:path';
import { BUNDLING, bundlingOf, carriesConsole, CONSOLE_BUNDLE_DIR } from '../lib/bundling.ts';
import { buildConsole } from './console-build.ts';
import type { FunctionSpec } from '../lib/functions.ts';

const root = new URL('..', import.meta.url).pathname;

// The same aliases CDK passes esbuild (`module=./path`, relative to the project root).
const ALIASES = Object.fromEntries(
  BUNDLING.esbuildArgs['--alias'].map((entry) => {
    const [module, path] = entry.split('=') as [string, string];
    return [module, join(root, path)];
  }),
);

/** One function's bundle, built exactly as CDK's NodejsFunction builds it from lib/bundling.ts. */
export interface Bundle {
  name: string;
  file: string;
  bytes: number;
  metafile: Metafile;
}

/** Builds `functions/<handler>.ts` into `<outDir>/<name>/index.mjs` (and, for the console's function, the app beside it, as CDK's afterBundling hook does). */
export async function buildBundle({ name, handler }: FunctionSpec, outDir: string): Promise<Bundle> {
  const file = join(outDir, name, 'index.mjs');
  const result = await build({
    entryPoints: [join(root, 'functions', `${handler}.ts`)],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLING.target,
    minify: BUNDLING.minify,
    sourcemap: BUNDLING.sourceMap,
    mainFields: [...BUNDLING.mainFields],
    external: [...BUNDLING.externalModules],
    alias: ALIASES,
    banner: { js: BUNDLING.banner },
    define: bundlingOf(name).define,
    metafile: true,
    logLevel: 'silent',
  });
  if (carriesConsole(name)) await buildConsole({ outDir: join(outDir, name, CONSOLE_BUNDLE_DIR) });
  const bytes = result.metafile.outputs[Object.keys(result.metafile.outputs).find((out) => out.endsWith('index.mjs'))!]!.bytes;
  return { name, file, bytes, metafile: result.metafile };
}

/**
 * Builds the merchant console (console/src) into static files: `index.html` and content-hashed
 * `assets/app-<hash>.js` and `.css`, which functions/console/assets.ts serves at /console/. Used by
 * `npm start`, the test run's global setup and each deploy's bundling of the console-assets function
 * (lib/bundling.ts). `node scripts/console-build.ts [outDir]` builds and prints each file's weight.
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the built app goes unless told otherwise (gitignored). */
export const CONSOLE_DIST = join(root, 'console', 'dist');

/** The URL path the app's files are served under (the route `/console/{proxy+}`). */
export const CONSOLE_URL_PATH = '/console/';

/** One built file: its path under the output directory (`index.html`, `assets/…`), its bytes and its bytes gzipped. */
export interface ConsoleFile {
  path: string;
  bytes: number;
  gzipBytes: number;
}

/** What a build wrote. */
export interface ConsoleBuild {
  outDir: string;
  files: ConsoleFile[];
  /** The script's bytes by source file (minified, before gzip), from esbuild's metafile: what the weight is made of. */
  scriptInputs: Record<string, number>;
}

/**
 * Bundles console/src/main.tsx (minified ESM for es2022 browsers, Preact's automatic JSX runtime, every
 * imported CSS file merged into one) and writes index.html from console/index.html with `%APP_JS%` and
 * `%APP_CSS%` replaced by the hashed files' URLs. The output directory is emptied first, so it holds
 * exactly one build.
 */
export async function buildConsole(options: { outDir?: string } = {}): Promise<ConsoleBuild> {
  const outDir = resolve(options.outDir ?? CONSOLE_DIST);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'assets'), { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { app: join(root, 'console', 'src', 'main.tsx') },
    outdir: outDir,
    entryNames: 'assets/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    // Small images inline (CSP allows data: images); anything else a stylesheet names becomes a hashed file of its own.
    loader: { '.svg': 'dataurl', '.png': 'dataurl' },
    legalComments: 'none',
    // Hindi as UTF-8 (3 bytes a letter), not as \u escapes (6): the files are served as charset=utf-8.
    charset: 'utf8',
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => relative(outDir, resolve(root, file)));
  const script = outputs.find((file) => file.endsWith('.js'));
  const stylesheet = outputs.find((file) => file.endsWith('.css'));
  if (!script) throw new Error('The console build wrote no JavaScript file');
  const template = readFileSync(join(root, 'console', 'index.html'), 'utf8');
  for (const placeholder of ['%APP_JS%', '%APP_CSS%']) {
    if (!template.includes(placeholder)) throw new Error(`console/index.html has no ${placeholder} placeholder`);
  }
  // A build with no stylesheet still needs a valid link: an empty one of its own is written.
  const css = stylesheet ?? emptyStylesheet(outDir);
  const html = template.replaceAll('%APP_JS%', `${CONSOLE_URL_PATH}${script}`).replaceAll('%APP_CSS%', `${CONSOLE_URL_PATH}${css}`);
  writeFileSync(join(outDir, 'index.html'), html);
  const files = ['index.html', ...outputs, ...(stylesheet ? [] : [css])].map((path) => weigh(outDir, path));
  const scriptOutput = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith('.js'))![1];
  const scriptInputs = Object.fromEntries(Object.entries(scriptOutput.inputs).map(([input, { bytesInOutput }]) => [input, bytesInOutput]));
  return { outDir, files, scriptInputs };
}

// Named like esbuild's own, so it is as safe to cache forever.
function emptyStylesheet(outDir: string): string {
  const path = `assets/app-${createHash('sha256').update('').digest('hex').slice(0, 8).toUpperCase()}.css`;
  writeFileSync(join(outDir, path), '');
  return path;
}

function weigh(outDir: string, path: string): ConsoleFile {
  const content = readFileSync(join(outDir, path));
  return { path, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

/** The build as a table: each file's bytes and gzipped bytes, and the JavaScript's total. */
export function describeConsoleBuild(built: ConsoleBuild): string {
  const width = Math.max(...built.files.map((file) => file.path.length), 'file'.length);
  const row = (path: string, bytes: number | string, gzip: number | string) =>
    `${path.padEnd(width)}  ${String(bytes).padStart(9)}  ${String(gzip).padStart(9)}`;
  const js = built.files.filter((file) => file.path.endsWith('.js'));
  const sum = (key: 'bytes' | 'gzipBytes') => js.reduce((total, file) => total + file[key], 0);
  return [
    row('file', 'bytes', 'gzip'),
    ...built.files.map((file) => row(file.path, file.bytes, file.gzipBytes)),
    row('JavaScript in all', sum('bytes'), sum('gzipBytes')),
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const built = await buildConsole({ outDir: process.argv[2] });
  console.log(`Built the console into ${relative(process.cwd(), built.outDir) || '.'}\n${describeConsoleBuild(built)}`);
}

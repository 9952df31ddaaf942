import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ConsoleFileNotFoundError, MethodNotAllowedError } from '../core/errors.ts';
import {
  ASSET_CACHE_CONTROL,
  basePathOf,
  CONSOLE_SECURITY_HEADERS,
  consoleTarget,
  contentTypeOf,
  PAGE_CACHE_CONTROL,
  pageUnder,
} from '../core/console-assets.ts';
import { errorResult } from '../http/errors.ts';
import { pageHandler } from '../http/handler.ts';

/** A built file, read once per container. */
interface ConsoleFile {
  body: string;
  contentType: string;
}

// The built app: CONSOLE_ASSETS_DIR (npm start and the tests build into one), else the `console/`
// directory the deploy's bundling writes next to this bundle (lib/bundling.ts).
function assetsDir(): string {
  return process.env.CONSOLE_ASSETS_DIR || fileURLToPath(new URL('./console/', import.meta.url));
}

function readTree(dir: string): Map<string, ConsoleFile> {
  const files = new Map<string, ConsoleFile>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/');
    const contentType = contentTypeOf(path);
    if (contentType) files.set(path, { body: readFileSync(join(dir, path), 'utf8'), contentType });
  }
  if (!files.has('index.html')) throw new Error(`No console build in ${dir} (no index.html): build it with node scripts/console-build.ts`);
  return files;
}

// The files are the deployment's own and never change while it runs: read them all on first use.
let cache: { dir: string; files: Map<string, ConsoleFile> } | undefined;
function builtFiles(): Map<string, ConsoleFile> {
  const dir = assetsDir();
  if (cache?.dir !== dir) cache = { dir, files: readTree(dir) };
  return cache.files;
}

const secured = (result: APIGatewayProxyResult): APIGatewayProxyResult => ({ ...result, headers: { ...result.headers, ...CONSOLE_SECURITY_HEADERS } });

function fileResult(file: ConsoleFile, cacheControl: string, body = file.body): APIGatewayProxyResult {
  return secured({ statusCode: 200, headers: { 'Content-Type': file.contentType, 'Cache-Control': cacheControl }, body });
}

/** The answer to one request under /console/ (exported for the unit tests; the handler adds the edge). */
export function consoleAnswer(event: Pick<APIGatewayProxyEvent, 'httpMethod' | 'path' | 'pathParameters' | 'requestContext'>): APIGatewayProxyResult {
  // On AWS the app's home (`/console`) reaches this function with any method (lib/rest-api.ts): the gateway's 405 for the others.
  if (event.httpMethod !== 'GET') throw new MethodNotAllowedError(event.httpMethod, event.path, ['GET']);
  const target = consoleTarget(event.pathParameters?.proxy);
  if (target.kind === 'refused') throw new ConsoleFileNotFoundError(event.path);
  const files = builtFiles();
  if (target.kind === 'asset') {
    const file = files.get(target.path);
    if (!file) throw new ConsoleFileNotFoundError(event.path);
    return fileResult(file, ASSET_CACHE_CONTROL);
  }
  const page = files.get('index.html')!;
  return fileResult(page, PAGE_CACHE_CONTROL, pageUnder(page.body, basePathOf(event.requestContext?.path, event.path)));
}

/**
 * GET /console/{proxy+}: the console web app (public; it signs in through the session routes). Its
 * hashed files under `assets/` are cached for good; every other path is one of the app's pages and
 * gets index.html, checked on each load. An unknown file is the spec's 404, and every answer, errors
 * included, carries the app's CSP.
 */
export const handler = pageHandler('GET /console/{proxy+}', {}, errorAnswer, async ({ event }) => consoleAnswer(event));

function errorAnswer(error: unknown): APIGatewayProxyResult {
  const result = secured(errorResult(error));
  return error instanceof MethodNotAllowedError ? { ...result, headers: { ...result.headers, Allow: 'GET' } } : result;
}

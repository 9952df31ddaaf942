/**
 * The console web app's serving rules, pure: which file a path under /console/ names, and the headers
 * every answer carries. functions/console/assets.ts reads the files and answers with these.
 */

/** The app's policy: its own scripts, styles, images and API only; no frame, no <base>, forms back to itself. */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/** Headers on every answer under /console/: the files, the app's pages and the errors alike. */
export const CONSOLE_SECURITY_HEADERS = {
  'Content-Security-Policy': CONSOLE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

/** A hashed asset never changes under its name: a year, and no revalidation. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The app's page names the current assets, so it is checked on every load. */
export const PAGE_CACHE_CONTROL = 'no-cache';

/** The types the build writes (scripts/console-build.ts): text only, so the gateway passes bodies as they are. */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** A file's Content-Type by its extension; null for a type the app does not serve. */
export function contentTypeOf(path: string): string | null {
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? (CONTENT_TYPES[path.slice(dot).toLowerCase()] ?? null) : null;
}

/** What a path under /console/ asks for: one of the app's files, its page (index.html), or nothing. */
export type ConsoleTarget = { kind: 'asset'; path: string } | { kind: 'page' } | { kind: 'refused' };

// A path segment that could step out of the app's files or be read two ways: dot segments, escapes
// left after the gateway's decoding (a double-encoded `%2e%2e` or `%2f`), separators other than `/`, control characters.
const HOSTILE = /(^|\/)\.\.?(\/|$)|[%\\]/;
const hasControl = (path: string) => [...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * The target of the route's `proxy` (the path after /console/, as decoded by the gateway or the local
 * server; empty for /console/ itself). `assets/…` is a file, looked up among the built files only;
 * any other path is one of the app's pages, which its router draws. A path with a dot segment, an
 * escape, a backslash, an empty segment or a control character is refused, whatever it names.
 */
export function consoleTarget(proxy: string | undefined): ConsoleTarget {
  const path = proxy ?? '';
  if (HOSTILE.test(path) || hasControl(path) || path.startsWith('/') || path.includes('//')) return { kind: 'refused' };
  if (path === 'assets' || path.startsWith('assets/')) return { kind: 'asset', path };
  return { kind: 'page' };
}

/**
 * The deployment's base path before /console (the stage on API Gateway's own URL, `/dev`; empty on a
 * custom domain or locally): what the gateway saw (`requestContext.path`) less the route's path.
 */
export function basePathOf(requestPath: string | undefined, routePath: string): string {
  if (!requestPath || requestPath === routePath || !requestPath.endsWith(routePath)) return '';
  const base = requestPath.slice(0, requestPath.length - routePath.length);
  return /^(\/[A-Za-z0-9_-]+)+$/.test(base) ? base : '';
}

/** index.html with its asset URLs under the base path (the build writes them as `/console/…`). */
export function pageUnder(html: string, base: string): string {
  return base === '' ? html : html.replaceAll('"/console/', `"${base}/console/`);
}

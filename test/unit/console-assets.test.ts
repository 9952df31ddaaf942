import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePathOf, CONSOLE_CSP, consoleTarget, contentTypeOf, pageUnder } from '../../functions/core/console-assets.ts';
import { ConsoleFileNotFoundError, MethodNotAllowedError } from '../../functions/core/errors.ts';
import { consoleAnswer } from '../../functions/console/assets.ts';
import { errorResult } from '../../functions/http/errors.ts';
import { matchRoute } from '../../functions/http/route-matcher.ts';
import { routeFor } from '../../functions/http/routes.ts';

describe('consoleTarget', () => {
  it.each([
    ['assets/app-AB12CD34.js', { kind: 'asset', path: 'assets/app-AB12CD34.js' }],
    ['assets/app-AB12CD34.css', { kind: 'asset', path: 'assets/app-AB12CD34.css' }],
    ['assets/unknown.js', { kind: 'asset', path: 'assets/unknown.js' }],
    ['assets', { kind: 'asset', path: 'assets' }],
    ['', { kind: 'page' }],
    ['login', { kind: 'page' }],
    ['attention', { kind: 'page' }],
    ['jobs/job_0e5bd4a24e428b7c', { kind: 'page' }],
    ['jobs/', { kind: 'page' }],
    ['remittances/rem_0000000000000000000000zz', { kind: 'page' }],
    ['assets.js', { kind: 'page' }],
  ] as const)('takes %j as %j', (proxy, target) => {
    expect(consoleTarget(proxy)).toEqual(target);
  });

  it('takes a missing path parameter as the app’s home', () => {
    expect(consoleTarget(undefined)).toEqual({ kind: 'page' });
  });

  it.each([
    // Dot segments, as the gateway decodes them from `..` or `%2e%2e`
    '..',
    '../package.json',
    'assets/../index.html',
    'assets/../../functions/config.ts',
    'jobs/..',
    './assets/app.js',
    'assets/./app.js',
    // Escapes left after one decoding: a double-encoded dot or slash
    '%2e%2e/package.json',
    'assets/%2e%2e%2fpackage.json',
    'assets%2f..%2fpackage.json',
    'assets/%252e%252e/x',
    // Other separators, and an absolute path
    'assets\\..\\index.html',
    '..\\package.json',
    '/etc/passwd',
    'assets//app.js',
    // Control characters: NUL (a C string's end), a newline, DEL
    'assets/app.js\u0000.html',
    '\u0000',
    'jobs/a\nb',
    'jobs/a\u007fb',
  ])('refuses %j', (proxy) => {
    expect(consoleTarget(proxy)).toEqual({ kind: 'refused' });
  });
});

describe('contentTypeOf', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['assets/app-X.js', 'text/javascript; charset=utf-8'],
    ['assets/app-X.css', 'text/css; charset=utf-8'],
    ['assets/icon-X.svg', 'image/svg+xml; charset=utf-8'],
    ['assets/APP-X.JS', 'text/javascript; charset=utf-8'],
  ])('types %s as %s', (path, type) => {
    expect(contentTypeOf(path)).toBe(type);
  });

  it.each(['assets/app.exe', 'assets/app', 'assets.d/app', 'assets/font.woff2'])('serves no %s', (path) => {
    expect(contentTypeOf(path)).toBeNull();
  });
});

describe('basePathOf and pageUnder', () => {
  it('finds the stage before /console on the gateway’s own URL, nothing on a custom domain or locally', () => {
    expect(basePathOf('/dev/console/jobs/x', '/console/jobs/x')).toBe('/dev');
    expect(basePathOf('/console/jobs/x', '/console/jobs/x')).toBe('');
    expect(basePathOf(undefined, '/console/jobs/x')).toBe('');
    expect(basePathOf('/other/path', '/console/jobs/x')).toBe('');
    expect(basePathOf('/d"ev/console/', '/console/')).toBe('');
  });

  it('puts the asset URLs under the base path', () => {
    const html = '<link rel="stylesheet" href="/console/assets/app-A.css" /><script type="module" src="/console/assets/app-B.js"></script>';

    expect(pageUnder(html, '/dev')).toBe(
      '<link rel="stylesheet" href="/dev/console/assets/app-A.css" /><script type="module" src="/dev/console/assets/app-B.js"></script>',
    );
    expect(pageUnder(html, '')).toBe(html);
  });
});

describe('consoleAnswer', () => {
  const INDEX = '<!doctype html><title>Console</title><script type="module" src="/console/assets/app-B.js"></script>';
  const SECURITY = { 'Content-Security-Policy': CONSOLE_CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };
  let dir: string;
  const previous = process.env.CONSOLE_ASSETS_DIR;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'console-unit-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'app-B.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'app-A.css'), 'body{margin:0}');
    writeFileSync(join(dir, 'assets', 'notes.exe'), 'MZ');
    process.env.CONSOLE_ASSETS_DIR = dir;
  });

  afterAll(() => {
    process.env.CONSOLE_ASSETS_DIR = previous;
    rmSync(dir, { recursive: true, force: true });
  });

  const request = (proxy: string | null, stage = '') =>
    ({
      httpMethod: 'GET',
      path: `/console/${proxy ?? ''}`,
      pathParameters: proxy === null ? null : { proxy },
      requestContext: { path: `${stage}/console/${proxy ?? ''}` },
    }) as unknown as APIGatewayProxyEvent;

  it('answers a hashed asset with its type, cached for good', () => {
    expect(consoleAnswer(request('assets/app-B.js'))).toEqual({
      statusCode: 200,
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable', ...SECURITY },
      body: 'console.log(1)',
    });
    expect(consoleAnswer(request('assets/app-A.css')).headers).toMatchObject({ 'Content-Type': 'text/css; charset=utf-8' });
  });

  it.each([null, '', 'attention', 'jobs/job_1', 'login', 'no/such/page'])('answers the app’s path %j with index.html, checked on every load', (proxy) => {
    expect(consoleAnswer(request(proxy))).toEqual({
      statusCode: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ...SECURITY },
      body: INDEX,
    });
  });

  it('names the assets under the stage on the gateway’s own URL', () => {
    expect(consoleAnswer(request('jobs/job_1', '/dev')).body).toContain('src="/dev/console/assets/app-B.js"');
  });

  it.each(['assets/app-OLD.js', 'assets/notes.exe', 'assets', 'assets/', 'assets/../index.html', '../index.html', 'assets/%2e%2e/index.html'])(
    'refuses %j with the not-found error',
    (proxy) => {
      expect(() => consoleAnswer(request(proxy))).toThrow(ConsoleFileNotFoundError);
    },
  );

  it.each(['POST', 'DELETE', 'HEAD'])('refuses %s (the app’s home reaches the function with any method on AWS) with the 405 error', (method) => {
    expect(() => consoleAnswer({ ...request(''), httpMethod: method })).toThrow(new MethodNotAllowedError(method, '/console/', ['GET']));
  });

  it('answers its not-found error as the spec’s 404 body', () => {
    expect(errorResult(new ConsoleFileNotFoundError('/console/assets/app-OLD.js'))).toEqual({
      statusCode: 404,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ error: 'No console file /console/assets/app-OLD.js', code: 'not_found' }),
    });
  });
});

describe('matchRoute on the console’s greedy path', () => {
  const assets = routeFor('GET /console/{proxy+}');

  it.each([
    ['/console/jobs/job_1', 'jobs/job_1'],
    ['/console/assets/app-AB12.js', 'assets/app-AB12.js'],
    ['/console/v1/sessions/extra', 'v1/sessions/extra'],
    // The rest is decoded once, as the gateway decodes it: the handler refuses what that makes of it.
    ['/console/%2e%2e/x', '../x'],
    ['/console/a%2Fb', 'a/b'],
    // The app's home, which the local server answers too (on AWS: /console's ANY method, the same function).
    ['/console', ''],
    ['/console/', ''],
  ])('takes GET %s to the console’s files with the rest %j', (path, proxy) => {
    expect(matchRoute('GET', path)).toEqual({ kind: 'found', route: assets, pathParameters: { proxy } });
  });

  it('leaves the session routes’ own paths theirs: another method there is their 405, not the app', () => {
    expect(matchRoute('GET', '/console/v1/sessions')).toEqual({ kind: 'method_not_allowed', allow: ['POST'] });
    expect(matchRoute('POST', '/console/v1/sessions')).toMatchObject({ kind: 'found', route: routeFor('POST /console/v1/sessions') });
  });

  it('answers another method on the app’s paths with 405, and a path beside it with 404', () => {
    expect(matchRoute('POST', '/console/jobs')).toEqual({ kind: 'method_not_allowed', allow: ['GET'] });
    expect(matchRoute('DELETE', '/console')).toEqual({ kind: 'method_not_allowed', allow: ['GET'] });
    expect(matchRoute('GET', '/consoles/jobs')).toEqual({ kind: 'not_found' });
    expect(matchRoute('GET', '/consolejobs')).toEqual({ kind: 'not_found' });
  });
});

import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CONSOLE_CSP } from '../../functions/core/console-assets.ts';
import { useLocalApi } from '../helpers/server.ts';

/**
 * The console web app through the real local server (the same handler and route as on AWS), from the
 * build the run's global setup made.
 */
const api = useLocalApi();

const SECURITY = { 'content-security-policy': CONSOLE_CSP, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

const headersOf = (response: Response, names: string[]) => Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));

// A request whose path goes out exactly as written: fetch would resolve `..` and `%2e%2e` before sending.
function rawGet(url: string, path: string): Promise<{ status: number; type: string | undefined; csp: string | undefined; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, type: res.headers['content-type'], csp: res.headers['content-security-policy'] as string | undefined, body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

// The hashed files index.html names.
function assetsOf(html: string): { js: string; css: string } {
  const js = /<script type="module" src="(\/console\/assets\/app-[A-Z0-9]+\.js)"><\/script>/.exec(html)?.[1];
  const css = /<link rel="stylesheet" href="(\/console\/assets\/app-[A-Z0-9]+\.css)" \/>/.exec(html)?.[1];
  if (!js || !css) throw new Error(`index.html names no hashed script and stylesheet:\n${html}`);
  return { js, css };
}

describe('the console web app at /console/', () => {
  it('answers an app path with index.html (no-cache, the CSP), whose script and stylesheet are hashed and cached for good', async () => {
    const page = await api.server.request('/console/jobs/anything');
    const html = await page.text();

    expect(page.status).toBe(200);
    expect(headersOf(page, ['content-type', 'cache-control', ...Object.keys(SECURITY)])).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      ...SECURITY,
    });
    expect(html).toContain('<div id="app">');

    const { js, css } = assetsOf(html);
    const script = await api.server.request(js);
    const stylesheet = await api.server.request(css);

    expect(script.status).toBe(200);
    expect(headersOf(script, ['content-type', 'cache-control', ...Object.keys(SECURITY)])).toEqual({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      ...SECURITY,
    });
    expect((await script.text()).length).toBeGreaterThan(1000);
    expect(stylesheet.status).toBe(200);
    expect(headersOf(stylesheet, ['content-type', 'cache-control'])).toEqual({
      'content-type': 'text/css; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });

  it.each(['/console', '/console/', '/console/login', '/console/attention', '/console/remittances/rem_1', '/console/v1/sessions/extra'])(
    'answers %s with the same index.html',
    async (path) => {
      const home = await (await api.server.request('/console/jobs/anything')).text();
      const page = await api.server.request(path);

      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await page.text()).toBe(home);
    },
  );

  it('answers an unknown asset with the spec’s 404 body, and the CSP', async () => {
    const response = await api.server.request('/console/assets/app-STALE000.js');

    expect(response.status).toBe(404);
    expect(headersOf(response, Object.keys(SECURITY))).toEqual(SECURITY);
    expect(await response.json()).toEqual({ error: 'No console file /console/assets/app-STALE000.js', code: 'not_found' });
  });

  it.each([
    '/console/../v1/balance',
    '/console/assets/../../package.json',
    '/console/%2e%2e/%2e%2e/package.json',
    '/console/assets/%2e%2e/index.html',
    '/console/assets%2f..%2f..%2fpackage.json',
    '/console/assets/..%2f..%2fpackage.json',
    '/console/assets/%252e%252e/index.html',
    '/console/assets\\..\\index.html',
    '/console/assets/..%5c..%5cpackage.json',
    '/console/assets/app.js%00.html',
    '/console/jobs/%00',
  ])('refuses %s with the spec’s 404 body, reading nothing outside the build', async (path) => {
    const response = await rawGet(api.server.url, path);

    expect(response.status).toBe(404);
    expect(response.type).toBe('application/json; charset=utf-8');
    expect(response.csp).toBe(CONSOLE_CSP);
    expect(JSON.parse(response.body)).toEqual({ error: expect.stringMatching(/^No console file /), code: 'not_found' });
  });

  it('answers another method with 405 and Allow: GET; the session routes keep their own paths', async () => {
    const post = await api.server.request('/console/jobs/anything', { method: 'POST' });
    const sessionsByGet = await api.server.request('/console/v1/sessions');

    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect(await post.json()).toEqual({ error: 'POST is not allowed on /console/jobs/anything; use GET', code: 'method_not_allowed' });
    expect(sessionsByGet.status).toBe(405);
    expect(sessionsByGet.headers.get('allow')).toBe('POST');
  });
});

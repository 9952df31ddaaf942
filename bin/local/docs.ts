import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { ServerResponse } from 'node:http';

/**
 * The API descriptions and a reference page rendered from them by Swagger UI (a selector switches
 * between the merchant and the fleet API), served by the local server from the committed
 * docs/openapi.json, docs/fleet-openapi.json and the swagger-ui-dist package: no CDN, works offline.
 */
const swaggerDir = (createRequire(import.meta.url)('swagger-ui-dist') as { getAbsoluteFSPath: () => string }).getAbsoluteFSPath();
const DESCRIPTIONS: Record<string, URL> = {
  '/openapi.json': new URL('../../docs/openapi.json', import.meta.url),
  '/fleet/openapi.json': new URL('../../docs/fleet-openapi.json', import.meta.url),
};

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Merchant Delivery Booking API — reference</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="icon" href="/docs/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/swagger-ui-standalone-preset.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      urls: [{ url: '/openapi.json', name: 'Merchant API' }, { url: '/fleet/openapi.json', name: 'Fleet API' }],
      'urls.primaryName': 'Merchant API',
      layout: 'StandaloneLayout',
      presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
      dom_id: '#swagger-ui', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0,
    });
  </script>
</body>
</html>
`;

// A Host header as a browser sends it (name or address, and a port): anything else keeps the committed servers.
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The committed description, its first server (the local runtime) made the origin that served it, so
 * "Try it out" on /docs calls this server whatever its port.
 */
function describedAt(file: URL, host: string | undefined): string {
  const text = readFileSync(file, 'utf8');
  if (!host || !HOST.test(host)) return text;
  const document = JSON.parse(text) as { servers?: Array<{ url: string }> };
  if (document.servers?.[0]) document.servers[0] = { ...document.servers[0], url: `http://${host}` };
  return JSON.stringify(document, null, 2);
}

/** What GET / answers: where to read about the API. */
function index(host: string | undefined): string {
  const origin = host && HOST.test(host) ? `http://${host}` : '';
  return `${JSON.stringify(
    {
      name: 'Delivery Booking API',
      reference: `${origin}/docs`,
      guide: 'docs/api-guide.md in the project: the endpoints, booking exactly once, money, webhooks, errors',
      openapi: { merchant: `${origin}/openapi.json`, fleet: `${origin}/fleet/openapi.json` },
      apis: { merchant: '/v1 (X-Api-Key)', fleet: '/fleet/v1 (Authorization: Bearer fk_…)' },
    },
    null,
    2,
  )}\n`;
}

/**
 * Answers GET /, /openapi.json, /fleet/openapi.json, /docs and /docs/<asset> (`host`: the request's
 * Host header); returns false for any other request.
 */
export function serveDocs(method: string, path: string, res: ServerResponse, host?: string): boolean {
  if (method !== 'GET') return false;
  const send = (type: string, body: string | Buffer) => {
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': 'no-cache' });
    res.end(body);
  };
  if (path === '/') {
    send('application/json; charset=utf-8', index(host));
    return true;
  }
  const description = DESCRIPTIONS[path];
  if (description) {
    send('application/json; charset=utf-8', describedAt(description, host));
    return true;
  }
  if (path === '/docs' || path === '/docs/') {
    send('text/html; charset=utf-8', PAGE);
    return true;
  }
  const asset = path.startsWith('/docs/') ? path.slice('/docs/'.length) : '';
  const type = ASSETS[asset];
  if (!type) return false;
  send(type, readFileSync(join(swaggerDir, asset)));
  return true;
}

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

/** Answers GET /openapi.json, /fleet/openapi.json, /docs and /docs/<asset>; returns false for any other request. */
export function serveDocs(method: string, path: string, res: ServerResponse): boolean {
  if (method !== 'GET') return false;
  const send = (type: string, body: string | Buffer) => {
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': 'no-cache' });
    res.end(body);
  };
  const description = DESCRIPTIONS[path];
  if (description) {
    send('application/json; charset=utf-8', readFileSync(description));
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

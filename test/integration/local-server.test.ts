import { Agent as HttpAgent, request, type Agent, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from '../../bin/local/http-server.ts';
import { createTestTable, type TestTable } from '../helpers/table.ts';
import { thenOrdinaryRequest } from '../helpers/raw-http.ts';

let table: TestTable;
let server: Server;
let url: string;

beforeAll(async () => {
  table = await createTestTable({ seedZones: false });
  ({ server, url } = await startHttpServer({ host: '127.0.0.1', port: 0 }));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await table.drop();
});

// One GET over the agent's kept-alive connection; resolves with the status and the local port used.
// The path is sent as written (a URL string would have its dot segments resolved by the client).
function get(agent: Agent, path: string): Promise<{ status: number; localPort: number; contentType: string | undefined }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, localPort: req.socket!.localPort!, contentType: res.headers['content-type'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the local server', () => {
  it('keeps idle connections open longer than common clients do (65 s), so a reused connection is never reset under them', () => {
    // Clients (Node's agent, browsers, SDKs) keep idle sockets 4-60 s; a server that closes first races their next request.
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('serves requests one after another on one kept-alive connection', async () => {
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });

    const first = await get(agent, '/openapi.json');
    const second = await get(agent, '/openapi.json');
    agent.destroy();

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.localPort).toBe(first.localPort);
  });

  // Found by the route fuzz suite: the path was parsed as a URL, which resolves dot segments, so a
  // tracking page's token `%2e%2e` became the path `/` (the API's index, JSON) instead of a token.
  it.each(['/track/%2e%2e', '/track/..', '/track/.', '/track/%2E'])(
    'matches %s as sent: the tracking page’s friendly 404, not another resource',
    async (path) => {
      const agent = new HttpAgent({ keepAlive: false });

      const page = await get(agent, path);
      agent.destroy();

      expect([page.status, page.contentType]).toEqual([404, 'text/html; charset=utf-8']);
    },
  );

  // Each answer given before the request's body is read, then an ordinary request on the same socket:
  // the socket either serves it or is closed by the server with the first answer, never left hanging.
  it.each([
    ['413, a body of 8 MiB (more than the sockets’ buffers hold)', 'POST', '/v1/job-quotes', 8 * 1024 * 1024, 413, 'closed'],
    ['404, an unknown path with a body', 'POST', '/v1/nowhere', 2_000, 404, 'closed'],
    ['405, a known path, another method, with a body', 'DELETE', '/v1/balance', 2_000, 405, 'closed'],
    ['404, an unknown path with no body', 'GET', '/v1/nowhere', 0, 404, 'reused'],
    ['405 with no body', 'DELETE', '/v1/balance', 0, 405, 'reused'],
  ] as const)('after %s, the keep-alive socket serves the next request or is closed', async (_case, method, path, bodyBytes, status, then) => {
    const head = `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\n`;
    const first = await thenOrdinaryRequest(url, `${head}${bodyBytes > 0 ? `Content-Length: ${bodyBytes}\r\n` : ''}\r\n${'x'.repeat(bodyBytes)}`);

    expect(first.status).toBe(status);
    expect(first.after).toBe(then);
  });

  it('listens on the address it was given (127.0.0.1 unless told otherwise)', () => {
    expect(server.address()).toMatchObject({ address: '127.0.0.1' });
  });
});

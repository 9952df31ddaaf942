import { Agent as HttpAgent, request, type Agent, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from '../../bin/local/http-server.ts';
import { createTestTable, type TestTable } from '../helpers/table.ts';

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
function get(agent: Agent, path: string): Promise<{ status: number; localPort: number }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, localPort: req.socket!.localPort! }));
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

  it('listens on the address it was given (127.0.0.1 unless told otherwise)', () => {
    expect(server.address()).toMatchObject({ address: '127.0.0.1' });
  });
});

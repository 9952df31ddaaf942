import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestTable, type TestTable } from '../helpers/table.ts';
import { hashApiKey } from '../../functions/core/api-key.ts';
import { admin } from '../helpers/admin.ts';

// A stand-in for API Gateway's REST endpoints (AWS is not reachable here): it records what the
// admin CLI asks for and answers as API Gateway does; `failUsagePlan` makes the plan refuse keys.
interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}
const calls: Call[] = [];
let failUsagePlan = false;
let gateway: Server;
let gatewayUrl: string;
let table: TestTable;

beforeAll(async () => {
  // The SDK takes credentials from the process's environment; the stand-in takes any.
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'test');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test');
  table = await createTestTable();
  gateway = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://gateway');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      calls.push({ method: req.method!, path: url.pathname + url.search, body });
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(payload === undefined ? '' : JSON.stringify(payload));
      };
      if (req.method === 'POST' && url.pathname === '/apikeys') return reply(201, { id: `gw-${calls.length}`, name: body!.name, enabled: true });
      if (req.method === 'POST' && url.pathname.startsWith('/usageplans/')) {
        return failUsagePlan ? reply(400, { message: 'Invalid usage plan' }) : reply(201, { id: body!.keyId, type: 'API_KEY' });
      }
      if (req.method === 'GET' && url.pathname === '/apikeys')
        return reply(200, { item: [{ id: 'gw-existing', name: url.searchParams.get('name'), enabled: true }] });
      if (req.method === 'PATCH') return reply(200, { id: url.pathname.split('/').pop(), enabled: false });
      if (req.method === 'DELETE') return reply(202, undefined);
      return reply(404, { message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => gateway.close(resolve));
  await table.drop();
  vi.unstubAllEnvs();
});

beforeEach(() => {
  calls.length = 0;
  failUsagePlan = false;
});

/** What a deployed stack's operator sets: the stack's usage plan (here at the stand-in gateway). */
const withUsagePlan = () => ({ USAGE_PLAN_ID: 'plan-1', APIGATEWAY_ENDPOINT: gatewayUrl });

describe('admin CLI with USAGE_PLAN_ID (a deployed stack)', () => {
  it('registers a new store’s key with the usage plan, under its key id and with its value', async () => {
    const result = await admin(table, ['store', 'create', '--name', 'Gateway store', '--json'], withUsagePlan());
    const created = JSON.parse(result.stdout) as { storeId: string; keyId: string; apiKey: string };

    expect(result.code).toBe(0);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/apikeys',
        body: {
          name: created.keyId,
          value: created.apiKey,
          enabled: true,
          description: `Merchant key of ${created.storeId}`,
          tags: { storeId: created.storeId },
        },
      },
      { method: 'POST', path: '/usageplans/plan-1/keys', body: { keyId: 'gw-1', keyType: 'API_KEY' } },
    ]);
  });

  it('registers keys made for an existing store', async () => {
    const { storeId } = JSON.parse((await admin(table, ['store', 'create', '--name', 'S', '--json'], withUsagePlan())).stdout) as { storeId: string };
    calls.length = 0;

    const key = JSON.parse((await admin(table, ['key', 'create', '--store', storeId, '--json'], withUsagePlan())).stdout) as { keyId: string; apiKey: string };

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /apikeys', 'POST /usageplans/plan-1/keys']);
    expect(calls[0]!.body).toMatchObject({ name: key.keyId, value: key.apiKey });
  });

  it('disables a revoked key at the gateway too', async () => {
    const { keyId } = JSON.parse((await admin(table, ['store', 'create', '--name', 'S', '--json'], withUsagePlan())).stdout) as { keyId: string };
    calls.length = 0;

    const result = await admin(table, ['key', 'revoke', '--key', keyId], withUsagePlan());

    expect(result.code).toBe(0);
    expect(calls).toEqual([
      { method: 'GET', path: `/apikeys?limit=10&name=${keyId}`, body: null },
      { method: 'PATCH', path: '/apikeys/gw-existing', body: { patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }] } },
    ]);
  });

  it('leaves no half-made key when the usage plan refuses it: the gateway key is deleted and the key revoked here', async () => {
    failUsagePlan = true;

    const result = await admin(table, ['store', 'create', '--name', 'Refused', '--json'], withUsagePlan());

    expect(result.code).toBe(1);
    const { error } = JSON.parse(result.stderr) as { error: string };
    expect(error).toMatch(/^API Gateway did not take key key_\w+ \(Invalid usage plan\); it was revoked here too\. Run the command again\.$/);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /apikeys', 'POST /usageplans/plan-1/keys', 'DELETE /apikeys/gw-1']);
    const apiKey = (calls[0]!.body as { value: string }).value;
    expect(await table.rt.apiKeys.findByHash(hashApiKey(apiKey))).toMatchObject({ status: 'revoked' });
  });

  it('refuses --aws without USAGE_PLAN_ID', async () => {
    const result = await admin(table, ['zone', 'list', '--aws', '--json'], { TABLE_NAME: 'x', USAGE_PLAN_ID: '' });

    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `${JSON.stringify({ error: '--aws needs USAGE_PLAN_ID: the stack output UsagePlanId (keys must be registered with it)', code: 'usage_error' })}\n`,
    });
  });
});

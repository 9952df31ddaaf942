import type { Runtime } from '../../functions/runtime.ts';
import { dispatchTick } from '../../functions/workers.ts';
import { readResponse, type TestServer } from './server.ts';

/** A fleet key holder (a rider or operations) talking to the local server's fleet API. */
export interface TestFleetMember {
  keyId: string;
  fleetKey: string;
  agentId: string | null;
  get(path: string): Promise<{ status: number; body: unknown; headers: Headers }>;
  post(path: string, body?: unknown): Promise<{ status: number; body: unknown; headers: Headers }>;
}

/** A new fleet key (a rider's, bound to `agentId` or a new one; or operations'), made as the admin CLI makes it. */
export async function newFleetMember(rt: Runtime, server: TestServer, role: 'rider' | 'ops', agentId: string | null = null): Promise<TestFleetMember> {
  const created = await rt.fleetKeys.create(role, agentId);
  const headers = { Authorization: `Bearer ${created.fleetKey}`, 'Content-Type': 'application/json' };
  return {
    keyId: created.keyId,
    fleetKey: created.fleetKey,
    agentId: created.agentId,
    get: async (path) => readResponse(await server.request(path, { headers })),
    post: async (path, body) =>
      readResponse(await server.request(path, { method: 'POST', headers, ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }) })),
  };
}

/** Runs the dispatcher once, as the background worker would: booked live jobs become `queued` offers. */
export async function dispatchOnce(rt: Runtime): Promise<void> {
  await dispatchTick(rt);
}

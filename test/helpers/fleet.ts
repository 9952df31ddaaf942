import { dbOf } from './table.ts';
import { expect } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Runtime } from '../../functions/runtime.ts';
import { ASSIGNED, offeredAt } from '../../functions/core/job.ts';
import { keys } from '../../functions/data/table.ts';
import { allJobs } from './merchant.ts';
import { dispatchTick } from '../../functions/workers/ticks.ts';
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

/**
 * The fleet's indexes agree with the jobs they index: a store's live jobs that are `queued` have
 * exactly one offer item each (keyed by when they were queued), the jobs a rider holds have exactly
 * one assignment item each, and there are no other offer or assignment items for the store.
 */
export async function expectFleetIndexes(rt: Runtime, storeId: string): Promise<void> {
  const items: Array<Record<string, unknown>> = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dbOf(rt).send(
      new ScanCommand({
        TableName: rt.config.TABLE_NAME,
        FilterExpression: '#type IN (:offer, :assignment) AND storeId = :store',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':offer': 'offer', ':assignment': 'assignment', ':store': storeId },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const jobs = (await allJobs(rt, storeId)).filter((job) => !job.testMode);
  const expected = [
    ...jobs.filter((job) => job.status === 'queued').map((job) => `${keys.offer(offeredAt(job), job.id).PK} ${keys.offer(offeredAt(job), job.id).SK}`),
    ...jobs.filter((job) => job.agentId !== null && ASSIGNED.has(job.status)).map((job) => `${keys.agentJob(job.agentId!, job.id).PK} ${keys.agentJob(job.agentId!, job.id).SK}`),
  ];
  expect(items.map((item) => `${item.PK as string} ${item.SK as string}`).sort()).toEqual(expected.sort());
}

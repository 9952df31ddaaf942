import { expect } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Runtime } from '../../functions/runtime.ts';
import { ASSIGNED, offeredAt, type Job } from '../../functions/core/job.ts';
import type { LifecycleEvent } from '../../functions/core/lifecycle.ts';
import { keys } from '../../functions/data/table.ts';
import { allJobs, type TestMerchant } from './merchant.ts';
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
 * Where a job can be driven to on its way to delivery, in lifecycle order: its statuses, and the two
 * moments at a door (`pickup_arrived`, `delivery_arrived`: the rider is there and the handoff's code runs).
 */
export const STAGES = ['created', 'queued', 'picked_by_agent', 'booking_in_progress', 'booked', 'pickup_arrived', 'pickup_completed', 'delivery_arrived', 'delivered'] as const;
export type Stage = (typeof STAGES)[number];

/** The stage a job stands at: its status, or the door its rider is at. */
export function stageOf(job: Job): Stage {
  if (job.status === 'booked' && job.verification.pickup.status !== 'pending') return 'pickup_arrived';
  if (job.status === 'pickup_completed' && job.verification.delivery.expiresAt !== null) return 'delivery_arrived';
  const stage = STAGES.find((candidate) => candidate === job.status);
  if (!stage) throw new Error(`Job ${job.id} is ${job.status}: off the way to delivery`);
  return stage;
}

// The lifecycle event that takes a job one stage on (a rider with `agentId` accepts it; codes are
// the ones the store and the customer hold).
function nextEvent(job: Job, agentId: string): LifecycleEvent {
  const stage = stageOf(job);
  switch (stage) {
    case 'created':
      return { type: 'dispatch' };
    case 'queued':
      return { type: 'accept', agentId };
    case 'picked_by_agent':
      return { type: 'start_confirmation' };
    case 'booking_in_progress':
      return { type: 'confirm' };
    case 'booked':
      return { type: 'arrive_pickup' };
    case 'pickup_arrived':
      return { type: 'submit_pickup_code', code: job.verification.pickup.code };
    case 'pickup_completed':
      return { type: 'arrive_drop' };
    case 'delivery_arrived':
      return { type: 'submit_delivery_code', code: job.verification.delivery.code };
    case 'delivered':
      throw new Error(`Job ${job.id} is delivered: there is no stage after it`);
  }
}

// The job while it has not reached `stage` yet (null once it has; an error if it is past it).
async function jobShortOf(rt: Runtime, storeId: string, jobId: string, stage: Stage): Promise<Job | null> {
  const job = await rt.jobs.get(storeId, jobId);
  if (!job) throw new Error(`No job ${jobId} in store ${storeId}`);
  const [at, wanted] = [STAGES.indexOf(stageOf(job)), STAGES.indexOf(stage)];
  if (at > wanted) throw new Error(`Job ${jobId} is past ${stage} (at ${STAGES[at]})`);
  return at < wanted ? job : null;
}

/**
 * Drives a job from where it stands up to `stage` by applying real lifecycle events through the job
 * repository (the transition function and versioned write every path uses), with the actors of the
 * real paths: the dispatcher (`system`) queues it, rider `agentId` (`rider:<agentId>`) does the rest.
 */
export async function driveJob(rt: Runtime, storeId: string, jobId: string, stage: Stage, agentId = 'rider-7'): Promise<Job> {
  for (let job = await jobShortOf(rt, storeId, jobId, stage); job; job = await jobShortOf(rt, storeId, jobId, stage)) {
    const event = nextEvent(job, job.agentId ?? agentId);
    await rt.jobs.applyTo(job, event, event.type === 'dispatch' ? 'system' : `rider:${job.agentId ?? agentId}`);
  }
  return (await rt.jobs.get(storeId, jobId))!;
}

// The fleet API route (under /fleet/v1/jobs/{id}/) that makes a rider's move, and its body.
function fleetRoute(event: LifecycleEvent): { path: string; body?: unknown } {
  switch (event.type) {
    case 'accept':
      return { path: 'accept' };
    case 'start_confirmation':
      return { path: 'start-confirmation' };
    case 'confirm':
      return { path: 'confirm' };
    case 'arrive_pickup':
      return { path: 'handoffs/pickup/arrive' };
    case 'submit_pickup_code':
      return { path: 'handoffs/pickup/code', body: { code: event.code } };
    case 'arrive_drop':
      return { path: 'handoffs/delivery/arrive' };
    case 'submit_delivery_code':
      return { path: 'handoffs/delivery/code', body: { code: event.code } };
    default:
      throw new Error(`"${event.type}" is not a rider's move on the way to delivery`);
  }
}

/**
 * Drives a job from where it stands up to `stage` as the fleet does: the dispatcher queues it (one
 * tick), then `rider` moves it on through the fleet API, typing the codes the store and the customer
 * give. Every move must answer 200.
 */
export async function driveJobByFleetApi(rt: Runtime, storeId: string, jobId: string, stage: Stage, rider?: TestFleetMember): Promise<void> {
  for (let job = await jobShortOf(rt, storeId, jobId, stage); job; job = await jobShortOf(rt, storeId, jobId, stage)) {
    const event = nextEvent(job, rider?.agentId ?? '');
    if (event.type === 'dispatch') {
      await dispatchOnce(rt);
      expect((await rt.jobs.get(storeId, jobId))!.status, `job ${jobId} after a dispatch tick`).toBe('queued');
      continue;
    }
    if (!rider) throw new Error(`A rider is needed to take job ${jobId} to ${stage}`);
    const { path, body } = fleetRoute(event);
    const reply = await rider.post(`/fleet/v1/jobs/${jobId}/${path}`, body);
    expect(reply.status, `${path} of job ${jobId}: ${JSON.stringify(reply.body)}`).toBe(200);
  }
}

/** Books a job for `merchant` and drives it through the fleet API up to `stage` (see driveJobByFleetApi); returns its id and charge. */
export async function bookJobAt(rt: Runtime, merchant: TestMerchant, stage: Stage, rider?: TestFleetMember): Promise<{ id: string; charge: number }> {
  const job = await merchant.bookJob();
  await driveJobByFleetApi(rt, merchant.storeId, job.id, stage, rider);
  return { id: job.id, charge: job.chargeMinor as number };
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
    const page = await rt.db.send(
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

import { dbOf } from './table.ts';
import { expect } from 'vitest';
import { paginateScan } from '@aws-sdk/lib-dynamodb';
import type { Runtime } from '../../functions/runtime.ts';
import { cashDueOf, heldBy, offeredAt, type Job } from '../../functions/core/job.ts';
import type { LifecycleEvent } from '../../functions/core/lifecycle.ts';
import { keys } from '../../functions/data/table.ts';
import { allJobs, type TestMerchant } from './merchant.ts';
import { dispatchTick } from '../../functions/workers/dispatch.ts';
import { readResponse, type TestServer } from './server.ts';

/** A fleet key holder (a rider or operations) talking to the local server's fleet API. */
export interface TestFleetMember {
  keyId: string;
  fleetKey: string;
  agentId: string | null;
  get(path: string): Promise<{ status: number; body: unknown; headers: Headers }>;
  /** A POST with the key's headers and `headers` beside them (an Idempotency-Key). */
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: unknown; headers: Headers }>;
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
    post: async (path, body, extra = {}) =>
      readResponse(
        await server.request(path, {
          method: 'POST',
          headers: { ...headers, ...extra },
          ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        }),
      ),
  };
}

/** A fleet API request with exactly these headers (no helper adds any), as a client that got them wrong might send it. */
export async function fleetRequest(server: TestServer, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string) {
  return readResponse(await server.request(path, { method, headers, ...(body !== undefined && { body }) }));
}

/** A rider key of the right form that was never issued. */
export const WELL_FORMED_UNKNOWN_RIDER_KEY = `fk_rider_${'0'.repeat(32)}`;

/** A handoff as the fleet API shows it before the rider reaches the door: no code, five tries. */
export const FRESH_HANDOFF = { status: 'pending', expiresAt: null, verifiedAt: null, attemptsRemaining: 5 };

/** Runs the dispatcher once, as the background worker would: booked live jobs become `queued` offers. */
export async function dispatchOnce(rt: Runtime): Promise<void> {
  await dispatchTick(rt);
}

/**
 * Where a job can be driven to on its way to delivery, in lifecycle order: its statuses, and the two
 * moments at a door (`pickup_arrived`, `delivery_arrived`: the rider is there and the handoff's code runs).
 */
export const STAGES = [
  'created',
  'queued',
  'picked_by_agent',
  'booking_in_progress',
  'booked',
  'pickup_arrived',
  'pickup_completed',
  'delivery_arrived',
  'delivered',
] as const;
export type Stage = (typeof STAGES)[number];

/** The stage a job stands at: its status, or the door its rider is at. */
export function stageOf(job: Job): Stage {
  if (job.status === 'booked' && job.verification.pickup.status !== 'pending') return 'pickup_arrived';
  if (job.status === 'pickup_completed' && job.verification.delivery.expiresAt !== null) return 'delivery_arrived';
  const stage = STAGES.find((candidate) => candidate === job.status);
  if (!stage) throw new Error(`Job ${job.id} is ${job.status}: off the way to delivery`);
  return stage;
}

/**
 * The move that takes a job on to each stage from the one before: its lifecycle event (a rider with
 * `agentId` accepts; the codes are the ones the store and the customer hold), and the fleet API route,
 * under /fleet/v1/jobs/{id}/, a rider makes it with (dispatch is the dispatcher's, not a rider's).
 */
const MOVES: Record<Exclude<Stage, 'created'>, { event: (job: Job, agentId: string) => LifecycleEvent; route?: string }> = {
  queued: { event: () => ({ type: 'dispatch' }) },
  picked_by_agent: { event: (_job, agentId) => ({ type: 'accept', agentId }), route: 'accept' },
  booking_in_progress: { event: () => ({ type: 'start_confirmation' }), route: 'start-confirmation' },
  booked: { event: () => ({ type: 'confirm' }), route: 'confirm' },
  pickup_arrived: { event: () => ({ type: 'arrive', handoff: 'pickup' }), route: 'handoffs/pickup/arrive' },
  pickup_completed: { event: (job) => ({ type: 'submit_code', handoff: 'pickup', code: job.verification.pickup.code }), route: 'handoffs/pickup/code' },
  delivery_arrived: { event: () => ({ type: 'arrive', handoff: 'delivery' }), route: 'handoffs/delivery/arrive' },
  delivered: { event: (job) => ({ type: 'submit_code', handoff: 'delivery', code: job.verification.delivery.code }), route: 'handoffs/delivery/code' },
};

// The job and the stage it goes to next, while it has not reached `stage` (null once it has; an error if it is past it).
async function nextStageOf(rt: Runtime, storeId: string, jobId: string, stage: Stage): Promise<{ job: Job; next: Exclude<Stage, 'created'> } | null> {
  const job = await rt.jobs.get(storeId, jobId);
  if (!job) throw new Error(`No job ${jobId} in store ${storeId}`);
  const [at, wanted] = [STAGES.indexOf(stageOf(job)), STAGES.indexOf(stage)];
  if (at > wanted) throw new Error(`Job ${jobId} is past ${stage} (at ${STAGES[at]})`);
  return at < wanted ? { job, next: STAGES[at + 1] as Exclude<Stage, 'created'> } : null;
}

// The payment a cash-on-delivery job's rider takes in cash at the door before the delivery code: the whole amount due.
const cashPayment = (job: Job) => ({ method: 'cash' as const, amountMinor: cashDueOf(job) });

/**
 * Drives a job from where it stands up to `stage` by applying real lifecycle events through the job
 * repository (the transition function and versioned write every path uses), with the actors of the
 * real paths: the dispatcher (`system`) queues it, rider `agentId` (`rider:<agentId>`) does the rest.
 * A cash-on-delivery job's rider collects the amount due in cash at the drop before the delivery code.
 */
export async function driveJob(rt: Runtime, storeId: string, jobId: string, stage: Stage, agentId = 'rider-7'): Promise<Job> {
  for (let step = await nextStageOf(rt, storeId, jobId, stage); step; step = await nextStageOf(rt, storeId, jobId, stage)) {
    const rider = step.job.agentId ?? agentId;
    if (step.next === 'delivered' && cashDueOf(step.job) > 0) {
      await rt.jobs.move(step.job, { type: 'collect', ...cashPayment(step.job), reference: null }, `rider:${rider}`, { onLostRace: 'refuse' });
      continue;
    }
    const event = MOVES[step.next].event(step.job, rider);
    await rt.jobs.move(step.job, event, event.type === 'dispatch' ? 'system' : `rider:${rider}`, { onLostRace: 'refuse' });
  }
  return (await rt.jobs.get(storeId, jobId))!;
}

/**
 * Drives a job from where it stands up to `stage` as the fleet does: the dispatcher queues it (one
 * tick), then `rider` moves it on through the fleet API, typing the codes the store and the customer
 * give; at the drop of a cash-on-delivery job, the rider records the amount due in cash
 * (POST …/collection) before the delivery code. Every move must answer 200.
 */
export async function driveJobByFleetApi(rt: Runtime, storeId: string, jobId: string, stage: Stage, rider?: TestFleetMember): Promise<void> {
  for (let step = await nextStageOf(rt, storeId, jobId, stage); step; step = await nextStageOf(rt, storeId, jobId, stage)) {
    const { route } = MOVES[step.next];
    if (!route) {
      await dispatchOnce(rt);
      expect((await rt.jobs.get(storeId, jobId))!.status, `job ${jobId} after a dispatch tick`).toBe('queued');
      continue;
    }
    if (!rider) throw new Error(`A rider is needed to take job ${jobId} to ${stage}`);
    if (step.next === 'delivered' && cashDueOf(step.job) > 0) {
      const paid = await rider.post(`/fleet/v1/jobs/${jobId}/collection`, cashPayment(step.job));
      expect(paid.status, `collection of job ${jobId}: ${JSON.stringify(paid.body)}`).toBe(200);
      continue;
    }
    const event = MOVES[step.next].event(step.job, rider.agentId!);
    const reply = await rider.post(`/fleet/v1/jobs/${jobId}/${route}`, 'code' in event ? { code: event.code } : undefined);
    expect(reply.status, `${route} of job ${jobId}: ${JSON.stringify(reply.body)}`).toBe(200);
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
 * exactly one offer item each (keyed by when they were queued), the jobs a rider holds (a parcel on
 * its way back included) have exactly one assignment item each, each job dispatch looks after has its
 * worklist item, and there are no other offer, assignment or worklist items for the store.
 */
export async function expectFleetIndexes(rt: Runtime, storeId: string): Promise<void> {
  const items: Array<Record<string, unknown>> = [];
  const pages = paginateScan(
    { client: dbOf(rt) },
    {
      TableName: rt.config.TABLE_NAME,
      FilterExpression: '(#type IN (:offer, :assignment) OR begins_with(PK, :dispatch)) AND storeId = :store',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':offer': 'offer', ':assignment': 'assignment', ':dispatch': 'WORK#dispatch', ':store': storeId },
      ConsistentRead: true,
    },
  );
  for await (const page of pages) items.push(...(page.Items ?? []));
  const jobs = (await allJobs(rt, storeId)).filter((job) => !job.testMode);
  const expected = [
    ...jobs.filter((job) => job.status === 'queued').map((job) => keys.offer(job.zoneId, job.id, offeredAt(job))),
    ...jobs.flatMap((job) => rt.jobs.dispatchKeyOf(job) ?? []),
    ...jobs.flatMap((job) => {
      const holder = heldBy(job);
      return holder === null ? [] : [keys.agentJob(holder, job.id)];
    }),
  ].map((key) => `${key.PK} ${key.SK}`);
  expect(items.map((item) => `${item.PK as string} ${item.SK as string}`).sort()).toEqual(expected.sort());
}

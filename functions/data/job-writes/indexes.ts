import { cashHolderOf } from '../../core/collection.ts';
import { dispatchDueAt, type DispatchClock } from '../../core/dispatch.ts';
import { offeredAt, type Job } from '../../core/job.ts';
import { keys } from '../table.ts';
import type { JobWrite } from './context.ts';
import type { TransactItem } from '../transaction.ts';

/** An item's key. */
export type ItemKey = { PK: string; SK: string };
type IndexItem = Record<string, unknown> & ItemKey;

/** An item's key as one string, to compare keys. */
export const keyOf = (item: ItemKey) => `${item.PK}|${item.SK}`;

/** Where a job's dispatch worklist item is, at the moment dispatch is next due; null when it has none. */
export function dispatchKey(job: Job, clock: DispatchClock): ItemKey | null {
  const due = dispatchDueAt(job, clock);
  return due === null ? null : keys.work('dispatch', job.id, due);
}

/**
 * The items that index a live job by what waits on it: the store's list of jobs waiting for its decision, its zone's offers list while it is queued
 * (with its pickup, so riders can be shown the nearest), the dispatch worklist at the moment
 * dispatch is next due while dispatch looks after it, and its rider's assignments while a rider
 * holds it (the rider cashHolderOf names: sandbox jobs have none). Sandbox jobs have none of these
 * (the simulator's worklist is written at booking).
 */
export function indexItemsOf(job: Job, clock: DispatchClock): IndexItem[] {
  // A job waiting for the merchant's decision is listed for it (GET /v1/jobs?needsDecision=true), sandbox jobs too.
  const decision = job.pendingDecision ? [{ ...keys.jobDecision(job.storeId, job.seq), type: 'decision', storeId: job.storeId, jobId: job.id }] : [];
  if (job.testMode) return decision;
  const ref = { storeId: job.storeId, jobId: job.id };
  const holder = cashHolderOf(job);
  const dispatch = dispatchKey(job, clock);
  return [
    ...(job.status === 'queued'
      ? [
          {
            ...keys.offer(job.zoneId, job.id, offeredAt(job)),
            type: 'offer',
            ...ref,
            pickupLatitude: job.route.pickupLatitude,
            pickupLongitude: job.route.pickupLongitude,
          },
        ]
      : []),
    ...(dispatch ? [{ ...dispatch, type: 'work', ...ref, createdAt: job.createdAt }] : []),
    ...(holder ? [{ ...keys.agentJob(holder, job.id), type: 'assignment', ...ref }] : []),
    ...decision,
  ];
}

/** The puts of a new job's index items, for the booking's own transaction (each on the condition that it is new). */
export function newJobIndexPuts(job: Job, clock: DispatchClock, tableName: string): TransactItem[] {
  return indexItemsOf(job, clock).map((item) => ({ Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } }));
}

/**
 * The index items (offer, dispatch work, assignment) the job had before and has after the change:
 * those it no longer has are deleted, those it gains are put.
 */
export const indexChanges: JobWrite = (before, after, { tableName, limits }) => {
  const was = indexItemsOf(before, limits.dispatch);
  const is = indexItemsOf(after, limits.dispatch);
  const kept = new Set(is.map(keyOf));
  const had = new Set(was.map(keyOf));
  return [
    ...was.filter((item) => !kept.has(keyOf(item))).map((item) => ({ Delete: { TableName: tableName, Key: { PK: item.PK, SK: item.SK } } })),
    ...is.filter((item) => !had.has(keyOf(item))).map((item) => ({ Put: { TableName: tableName, Item: item } })),
  ].map((item, index) => ({ name: `index#${index}`, item }));
};

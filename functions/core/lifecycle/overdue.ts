import { newHandoff } from '../handoff.ts';
import type { Job } from '../job.ts';
import type { Transition } from './events.ts';
import { fail } from './endings.ts';
import { Move, type MoveDefinition } from './move.ts';
import { returned, returnFailed, undeliverable } from './return-trip.ts';

// The two waits nothing else times out: a parcel on its way back to the pickup, and a rider sent back
// to the drop after a reattempt. Past its deadline (dispatch files the job for it: core/dispatch.ts)
// the job is marked overdue, which puts it in operations' review queue; its money is held as it is.
// The rider arriving late is still welcome (the wait ends, and so does the review); otherwise
// operations end it (`resolve_overdue`).

/** What an overdue job waited for: the parcel's way back, or the rider's re-arrival at the drop. */
export type OverdueKind = 'return_trip' | 'rearrival';

/**
 * The wait with a deadline the job is in, or null: the parcel on its way back and its rider not yet
 * at the pickup (`return_trip`); a reattempt decided and its rider not yet at the drop again (`rearrival`).
 */
export function overdueWait(job: Job): OverdueKind | null {
  const trip = job.returnTrip;
  if (trip?.status === 'returning') return trip.handoff.status === 'pending' ? 'return_trip' : null;
  const delivery = job.verification.delivery;
  const reattempt = job.status === 'pickup_completed' && !job.pendingDecision && (job.deliveryAttempts ?? []).length > 0;
  return reattempt && delivery.status === 'active' && delivery.expiresAt === null ? 'rearrival' : null;
}

/** When the wait started: the return trip's start, or the reattempt's decision (its attempt's time on jobs from before decisions were timed). */
export function overdueWaitStartedAt(job: Job, kind: OverdueKind): string {
  if (kind === 'return_trip') return job.returnTrip!.startedAt;
  const last = job.deliveryAttempts!.at(-1)!;
  return last.decidedAt ?? last.createdAt;
}

/** The job with `overdue` cleared once it no longer waits for what it was overdue for (a move ended the wait). */
export function settleOverdue(job: Job): Job {
  return job.overdue && overdueWait(job) !== job.overdue.kind ? { ...job, overdue: null } : job;
}

/** mark_overdue (the dispatch worker, past the deadline): the job goes to operations' review, nothing else changes. */
export const markOverdue: MoveDefinition<'mark_overdue'> = {
  apply: (m) => {
    if (overdueWait(m.job) !== m.event.kind)
      throw m.illegal(`The job does not wait for its ${m.event.kind === 'return_trip' ? 'parcel’s way back' : 'rider’s re-arrival'}`);
    if (m.job.overdue) return m.unchanged();
    return m.done(m.next({ overdue: { kind: m.event.kind, since: m.at } }));
  },
  mayStartReturn: false,
  isRetry: false, // the workers' move
};

/**
 * resolve_overdue (operations, ending the review of an overdue job):
 *   a parcel overdue on its way back: `returned` (the store has it: the trip ends as a return does,
 *     its charge captured) or `lost` (the return fails: its charge goes to settlement review);
 *   a rider overdue at the drop: `returned` (the parcel went back to the store: undeliverable, the
 *     return started and ended at once) or `lost` (the job fails after pickup into settlement review).
 * The note joins the job's history.
 */
export const resolveOverdue: MoveDefinition<'resolve_overdue'> = {
  apply: (m) => {
    const kind = m.job.overdue?.kind;
    if (!kind) throw m.illegal('The job is not overdue: nothing to resolve');
    const { outcome, note } = m.event;
    if (kind === 'return_trip') return outcome === 'lost' ? returnFailed(m, note) : backAtThePickup(m, m.job, note);
    if (outcome === 'lost') return fail.apply(new Move(m.job, { type: 'fail', note }, m.actor, m.now));
    const started = undeliverable(m, (m.job.deliveryAttempts ?? []).length);
    const back = backAtThePickup(new Move(started.job, m.event, m.actor, m.now), started.job, note);
    return { job: back.job, money: [...started.money, ...back.money] };
  },
  mayStartReturn: (job, event) => job.overdue?.kind === 'rearrival' && event.outcome === 'returned',
  isRetry: false, // operations' move
};

// The parcel is back at the pickup on operations' word: the return handoff is verified without its code.
function backAtThePickup(m: Move, job: Job, note: string): Transition {
  const handoff = { ...newHandoff(), code: job.returnTrip!.handoff.code, status: 'verified' as const, verifiedAt: m.at };
  return returned(m, handoff, note);
}

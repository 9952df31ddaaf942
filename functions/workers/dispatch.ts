import { dispatchEvent } from '../core/dispatch.ts';
import { dispatchClock } from '../runtime.ts';
import { reportRepeatedDeclines } from '../use-cases/repeated-declines.ts';
import { reportOverdue } from '../use-cases/overdue-jobs.ts';
import { attempt, eachJob, type PassOptions, type PassResult, type TickReport, type WorkerRuntime } from './worklist.ts';

/**
 * Dispatch for live stores: a booked job is handed to dispatch (`queued`, offered to riders through
 * the fleet API); if it is still waiting for a rider DISPATCH_TIMEOUT_SECONDS after it was first
 * queued, it fails and its reservation is released. A job stays on the list until a rider has
 * confirmed it, so one a rider declines is offered again, on the same clock; an acceptance left
 * unconfirmed for ACCEPT_CONFIRM_SECONDS is declined for the rider (they may not take it back). A
 * parcel on its way back, or a rider sent back to the drop, past its deadline (RETURN_TRIP_DEADLINE_MINUTES,
 * REARRIVAL_DEADLINE_MINUTES) is marked overdue, for operations' review (a warning each: an alarm).
 *
 * The worklist is ordered by when each job is next due and every move re-files the job in its own
 * transaction, so a tick reads only the items due by its clock: one Query per shard when nothing is
 * due, however many jobs wait. An item found where its job no longer belongs (an upgrade's unsharded
 * list, a changed clock) is re-filed, or let go of when dispatch is done with the job.
 */
export async function dispatchTick(rt: WorkerRuntime, now = new Date()): Promise<TickReport> {
  return (await dispatchRun(rt, now)).report;
}

/**
 * One dispatch pass, for the engine: the tick, within `deadline`. `more` when work was left due (the
 * deadline, the re-file cap, a race, a full batch of the unsharded list); no `nextDueAt`, since every
 * timer of dispatch is the due time of a worklist item, whose write the doorbell turns into an alarm.
 */
export async function dispatchPass(rt: WorkerRuntime, options: PassOptions = {}): Promise<PassResult> {
  return dispatchRun(rt, options.now ?? new Date(), options.deadline);
}

async function dispatchRun(rt: WorkerRuntime, now: Date, deadline?: number): Promise<PassResult> {
  const clock = dispatchClock(rt.config);
  const report = { moved: 0, finished: 0, failed: 0 };
  // Clocks shortened since the worklist was filed make jobs due sooner than their items say: read
  // that much further ahead until every such item is re-filed.
  const { aheadMs, settled } = await rt.work.clockChange(clock);
  let refiles = 0;
  let unfinished = false;
  let raced = false;
  const list = { kind: 'dispatch' as const, dueBy: new Date(now.getTime() + aheadMs), deadline };
  const { more } = await eachJob(rt, list, report, async (items, read) => {
    if (!read) {
      for (const item of items) await rt.work.remove(item); // its job is gone
      report.finished += 1;
      return;
    }
    const filed = rt.jobs.dispatchKeyOf(read);
    const stale = items.filter(({ key }) => filed === null || key.PK !== filed.PK || key.SK !== filed.SK);
    if (stale.length > 0) {
      if (refiles >= MAX_REFILES_PER_TICK) {
        unfinished = true; // left for the next tick, so one tick never outlasts its invocation
        return;
      }
      refiles += 1;
    }
    let job = read;
    const event = dispatchEvent(job, now, clock);
    if (event) {
      const result = await attempt(rt, job, event, 'system', now);
      if (result.kind === 'raced') {
        raced = true;
        unfinished ||= stale.length > 0;
        return; // due again on the next tick
      }
      if (result.kind === 'moved') {
        report.moved += 1;
        job = result.job;
        reportRepeatedDeclines(event, job);
        reportOverdue(event, job);
      }
    }
    // Stale copies (an upgrade's unsharded list, a changed clock, a job dispatch is done with): the
    // job's items go where its state says, and these go. Lost to a move meanwhile: next tick.
    const staleKeys = stale.map((item) => item.key);
    if (stale.length > 0 && !(await rt.jobs.refile(job, staleKeys, read))) {
      unfinished = true;
      return;
    }
    if (rt.jobs.dispatchKeyOf(job) === null) report.finished += 1;
  });
  if (!settled && !unfinished && !more && report.failed === 0) await rt.work.settleClock(clock);
  return { report, more: more || unfinished || raced, nextDueAt: null };
}

/** How many stale items one dispatch tick re-files at most (each a transaction); the rest wait a tick. */
export const MAX_REFILES_PER_TICK = 200;

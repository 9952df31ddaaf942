import { AppError } from './core/errors.ts';
import type { Job } from './core/job.ts';
import type { LifecycleEvent } from './core/lifecycle.ts';
import { SIMULATOR_ACTOR, simulatedPosition, simulationSteps } from './core/simulation.ts';
import type { Runtime } from './runtime.ts';

/**
 * The two background workers, each one pass over its worklist per tick. A tick is safe to repeat and
 * to run beside another: every move goes through the transition function and is written on the
 * condition of the version read, so a repeated move is refused, never written twice (no duplicate
 * event, no duplicate ledger entry).
 */

const OPEN = new Set(['created', 'queued', 'picked_by_agent', 'booking_in_progress', 'booked', 'pickup_completed']);

/** What a tick did, for logs and tests. */
export interface TickReport {
  moved: number;
  finished: number;
}

// Another worker (or the merchant, or a rider) moved the job first: the next tick sees the new state.
async function tryApply(rt: Runtime, job: Job, event: LifecycleEvent, actor: string, now: Date): Promise<Job | null> {
  try {
    return (await rt.jobs.applyTo(job, event, actor, { now })).job;
  } catch (error) {
    if (error instanceof AppError && ['concurrent_modification', 'invalid_transition'].includes(error.code)) return null;
    throw error;
  }
}

/**
 * Dispatch for live stores: a booked job is handed to dispatch (`queued`, offered to riders); if no
 * rider accepts within DISPATCH_TIMEOUT_SECONDS it fails and its reservation is released.
 */
export async function dispatchTick(rt: Runtime, now = new Date()): Promise<TickReport> {
  const report = { moved: 0, finished: 0 };
  const timeoutMs = rt.config.DISPATCH_TIMEOUT_SECONDS * 1000;
  for (const item of await rt.work.list('dispatch')) {
    const job = await rt.jobs.get(item.storeId, item.jobId);
    if (!job || (job.status !== 'created' && job.status !== 'queued')) {
      // Accepted, cancelled or ended: dispatch has nothing more to do for it.
      await rt.work.remove(item);
      report.finished += 1;
      continue;
    }
    const late = now.getTime() - Date.parse(item.createdAt) >= timeoutMs;
    const event: LifecycleEvent | null = job.status === 'created' ? { type: 'dispatch' } : late ? { type: 'dispatch_timeout' } : null;
    if (event && (await tryApply(rt, job, event, 'system', now))) report.moved += 1;
  }
  return report;
}

/**
 * The sandbox rider: moves each sandbox job along its scripted steps as the compressed clock
 * (SIMULATION_SECONDS for a whole delivery) passes, and reports a moving location while assigned.
 */
export async function simulateTick(rt: Runtime, now = new Date()): Promise<TickReport> {
  const report = { moved: 0, finished: 0 };
  const runMs = rt.config.SIMULATION_SECONDS * 1000;
  for (const item of await rt.work.list('simulation')) {
    let job = await rt.jobs.get(item.storeId, item.jobId);
    const fraction = (now.getTime() - Date.parse(item.createdAt)) / runMs;
    const steps = simulationSteps(item.outcome ?? 'delivered');
    let step = item.step;
    while (job && OPEN.has(job.status) && step < steps.length && steps[step]!.at <= fraction) {
      const moved = await tryApply(rt, job, steps[step]!.event(job), SIMULATOR_ACTOR, now);
      // Refused: either done already (a crash after the move) or the job moved on; either way, next step.
      await rt.work.advance({ ...item, step }, step);
      step += 1;
      if (moved) {
        job = moved;
        report.moved += 1;
      } else {
        job = await rt.jobs.get(item.storeId, item.jobId);
      }
    }
    if (job && ['picked_by_agent', 'booking_in_progress', 'booked', 'pickup_completed'].includes(job.status)) {
      const { route } = job;
      const at = simulatedPosition({ latitude: route.pickupLatitude, longitude: route.pickupLongitude }, { latitude: route.dropLatitude, longitude: route.dropLongitude }, fraction);
      await tryApply(rt, job, { type: 'report_location', latitude: round(at.latitude), longitude: round(at.longitude), accuracy: 10 }, SIMULATOR_ACTOR, now);
    }
    if (!job || !OPEN.has(job.status) || step >= steps.length) {
      await rt.work.remove(item);
      report.finished += 1;
    }
  }
  return report;
}

const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** Runs both workers every `intervalMs` until stopped (the local server's background loop). */
export function startWorkers(rt: Runtime, intervalMs: number, onError: (error: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await dispatchTick(rt);
        await simulateTick(rt);
      } catch (error) {
        onError(error);
      }
    });
  }, intervalMs);
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}


import { ASSIGNED, ENDED, isReturning, type Job } from '../core/job.ts';
import { followUpMove, SIMULATOR_ACTOR, simulatedPosition, simulatedReturnPosition, simulationSteps } from '../core/simulation.ts';
import { attempt, eachJob, type PassOptions, type PassResult, type TickReport, type WorkerRuntime } from './worklist.ts';

/**
 * The sandbox rider: moves each sandbox job along its scripted steps as the compressed clock
 * (SIMULATION_SECONDS for a whole delivery) passes, then does what the job's state still asks (a
 * decision's default at its deadline, a reattempt, the way back: `followUpMove`), and reports a moving
 * location while assigned or bringing the parcel back. A job's item stays on the worklist until the
 * simulator has nothing more to do for it.
 */
export async function simulateTick(rt: WorkerRuntime, now = new Date()): Promise<TickReport> {
  return (await simulationRun(rt, now)).report;
}

/**
 * One pass of the sandbox rider, for the engine: the tick, within `deadline`. Its steps are not writes
 * (nothing rings for them), so it names when it next has something to do: the earliest next scripted
 * step, follow-up or location report of the jobs it looked at; `more` when something is due already
 * (a race, the deadline, a follow-up a tick of script steps leaves to the next).
 */
export async function simulationPass(rt: WorkerRuntime, options: PassOptions = {}): Promise<PassResult> {
  return simulationRun(rt, options.now ?? new Date(), options.deadline);
}

async function simulationRun(rt: WorkerRuntime, now: Date, deadline?: number): Promise<PassResult> {
  const report = { moved: 0, finished: 0, failed: 0 };
  const runMs = rt.config.SIMULATION_SECONDS * 1000;
  let next = Number.POSITIVE_INFINITY;
  const { more } = await eachJob(rt, { kind: 'simulation', deadline }, report, async (items, read) => {
    const item = items[0]!; // a sandbox job has one item, written at its booking
    let job = read;
    const fraction = (now.getTime() - Date.parse(item.createdAt)) / runMs;
    const steps = simulationSteps(item.outcome ?? 'delivered', read?.collection != null);
    let step = item.step;
    let raced = false;
    while (job && !ENDED.has(job.status) && step < steps.length && steps[step]!.at <= fraction) {
      const result = await attempt(rt, job, steps[step]!.event(job), SIMULATOR_ACTOR, now);
      if (result.kind === 'raced') {
        // Someone changed the job under us: this step is due again next tick.
        raced = true;
        break;
      }
      // Moved, or refused because it was made already (a crash after the move) or the job went elsewhere.
      await rt.work.advance({ ...item, step }, step);
      step += 1;
      if (result.kind === 'moved') {
        job = result.job;
        report.moved += 1;
      } else {
        job = await rt.jobs.get(item.storeId, item.jobId);
      }
    }
    // Past the script, or ended on the way (a recall): what the job's state asks. Not in a tick that made
    // script steps, so one tick's changes of a job stay within the script's longest run (MAX_DECIDE_TRIES).
    const pastScript = (current: Job) => ENDED.has(current.status) || step >= steps.length;
    const scripted = step > item.step;
    let refused = false;
    for (let moves = 0; !raced && !scripted && job && pastScript(job) && moves < MAX_FOLLOW_UPS_PER_TICK; moves++) {
      const move = followUpMove(job, runMs);
      if (!move || move.dueAt > now.getTime()) break;
      const result = await attempt(rt, job, move.event, move.actor, now);
      if (result.kind === 'raced') raced = true;
      else if (result.kind === 'moved') {
        job = result.job;
        report.moved += 1;
        continue;
      } else {
        refused = true;
        job = await rt.jobs.get(item.storeId, item.jobId); // made by someone else, or no longer asked: next tick decides
      }
      break;
    }
    // About twenty reports a run: enough to watch the rider move, few enough that a merchant's
    // cancel seldom meets a version just bumped by a location. None while the rider waits at the drop
    // for the merchant's decision (standing still).
    const lastReport = job?.riderLocation ? Date.parse(job.riderLocation.recordedAt) : 0;
    const reportDue = now.getTime() - lastReport >= runMs / 20;
    const reporting = !raced && job !== null && (ASSIGNED.has(job.status) || isReturning(job)) && !job.pendingDecision;
    if (reporting && reportDue) {
      const at = riderPosition(job!, now, runMs);
      await attempt(rt, job!, { type: 'report_location', latitude: round(at.latitude), longitude: round(at.longitude), accuracy: 10 }, SIMULATOR_ACTOR, now);
    }
    const done = !job || (pastScript(job) && !isReturning(job) && followUpMove(job, runMs) === null);
    if (!raced && done) {
      await rt.work.remove(item);
      report.finished += 1;
    }
    if (raced) next = Math.min(next, now.getTime());
    else if (job && !done)
      next = Math.min(
        next,
        nextStepAt(job, { item, step, steps, runMs, now, refused, lastReport: reporting ? (reportDue ? now.getTime() : lastReport) : null }),
      );
  });
  const dueNow = next <= now.getTime();
  return { report, more: more || dueNow, nextDueAt: dueNow || next === Number.POSITIVE_INFINITY ? null : new Date(next) };
}

// When the simulator next has something to do for a job it keeps: its next scripted step, its
// follow-up (one just refused: soon, not at once, so no pass spins on it), its next location report,
// and, while the job waits for the merchant's decision, soon (their answer changes the job, not the
// worklist: nothing rings for it).
function nextStepAt(
  job: Job,
  at: { item: { createdAt: string }; step: number; steps: Array<{ at: number }>; runMs: number; now: Date; refused: boolean; lastReport: number | null },
): number {
  const soon = at.now.getTime() + LOOK_AGAIN_MS;
  const scripted = !ENDED.has(job.status) && at.step < at.steps.length;
  const followUp = scripted ? null : followUpMove(job, at.runMs);
  return Math.min(
    scripted ? Date.parse(at.item.createdAt) + at.steps[at.step]!.at * at.runMs : Number.POSITIVE_INFINITY,
    followUp ? (at.refused ? soon : followUp.dueAt) : Number.POSITIVE_INFINITY,
    at.lastReport === null ? Number.POSITIVE_INFINITY : at.lastReport + at.runMs / 20,
    job.pendingDecision ? soon : Number.POSITIVE_INFINITY,
  );
}

/** How soon the simulator looks again at a job waiting on someone else (the merchant's decision, operations). */
const LOOK_AGAIN_MS = 2_000;

/** How many moves past its script one tick makes for a job at most: a reattempt's arrival, payment and code, or the return's, and one spare. */
const MAX_FOLLOW_UPS_PER_TICK = 4;

// Where the simulated rider is: along the scripted run, or on the way back once a return started.
function riderPosition(job: Job, now: Date, runMs: number) {
  const { route } = job;
  const pickup = { latitude: route.pickupLatitude, longitude: route.pickupLongitude };
  const drop = { latitude: route.dropLatitude, longitude: route.dropLongitude };
  const sinceBooking = (iso: string) => (Date.parse(iso) - Date.parse(job.createdAt)) / runMs;
  const trip = job.returnTrip;
  if (trip && isReturning(job)) return simulatedReturnPosition(pickup, drop, sinceBooking(trip.startedAt), now.getTime() - Date.parse(trip.startedAt), runMs);
  return simulatedPosition(pickup, drop, sinceBooking(now.toISOString()));
}

const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

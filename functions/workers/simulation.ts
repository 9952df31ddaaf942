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
  const report = { moved: 0, finished: 0, failed: 0 };
  const runMs = rt.config.SIMULATION_SECONDS * 1000;
  return eachJob(rt, { kind: 'simulation' }, report, async (items, read) => {
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
    for (let moves = 0; !raced && !scripted && job && pastScript(job) && moves < MAX_FOLLOW_UPS_PER_TICK; moves++) {
      const move = followUpMove(job, runMs);
      if (!move || move.dueAt > now.getTime()) break;
      const result = await attempt(rt, job, move.event, move.actor, now);
      if (result.kind === 'raced') raced = true;
      else if (result.kind === 'moved') {
        job = result.job;
        report.moved += 1;
        continue;
      } else job = await rt.jobs.get(item.storeId, item.jobId); // made by someone else, or no longer asked: next tick decides
      break;
    }
    // About twenty reports a run: enough to watch the rider move, few enough that a merchant's
    // cancel seldom meets a version just bumped by a location. None while the rider waits at the drop
    // for the merchant's decision (standing still).
    const lastReport = job?.riderLocation ? Date.parse(job.riderLocation.recordedAt) : 0;
    const reportDue = now.getTime() - lastReport >= runMs / 20;
    if (!raced && reportDue && job && (ASSIGNED.has(job.status) || isReturning(job)) && !job.pendingDecision) {
      const at = riderPosition(job, now, runMs);
      await attempt(rt, job, { type: 'report_location', latitude: round(at.latitude), longitude: round(at.longitude), accuracy: 10 }, SIMULATOR_ACTOR, now);
    }
    const done = !job || (pastScript(job) && !isReturning(job) && followUpMove(job, runMs) === null);
    if (!raced && done) {
      await rt.work.remove(item);
      report.finished += 1;
    }
  });
}

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

/** One pass of the sandbox rider, for the engine. */
export async function simulationPass(rt: WorkerRuntime, options: PassOptions = {}): Promise<PassResult> {
  return { report: await simulateTick(rt, options.now), more: false, nextDueAt: null };
}

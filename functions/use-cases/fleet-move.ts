import { JobNotFoundError, MoveKeyConflictError } from '../core/errors.ts';
import { moveKeyOf, type MoveKey } from '../core/move-key.ts';
import { alreadyApplied, fleetActor, fleetCanSee, fleetMoveRefusal, recheckRiderMove, type FleetCaller } from '../core/fleet-access.ts';
import { cashDueOf, declinedBy, type Job } from '../core/job.ts';
import { handoffOf, handoffRefusal, IllegalTransitionError, type LifecycleEvent, type Transition } from '../core/lifecycle.ts';
import type { LatLng } from '../core/geo.ts';
import { zonesAround } from '../core/zone.ts';
import { reportRepeatedDeclines } from './repeated-declines.ts';
import type { JobReader } from '../data/job-reader.ts';
import type { BaseRuntime, Runtime } from '../runtime.ts';

/**
 * The fleet API's one use case: a rider or operations moves a job. The job is found by its id (the
 * job pointer names its store), must be one the caller may see, and the event goes through the
 * transition function and the versioned write like every other change, with the caller as the actor.
 */

/** The job with this id, if the caller may see it (else 404: riders learn nothing of others' jobs). */
export async function loadFleetJob(jobs: JobReader, caller: FleetCaller, jobId: string): Promise<Job> {
  const storeId = await jobs.storeOf(jobId);
  const job = storeId ? await jobs.get(storeId, jobId) : null;
  if (!job || !fleetCanSee(caller, job)) throw new JobNotFoundError(jobId, 'fleet');
  return job;
}

/**
 * Applies the lifecycle event `toEvent` makes of the job with this id, as `caller`, and returns the
 * job after it. A retry of a move already made by the same rider (a lost response) returns the job
 * as it is, not a refusal: for a move sent with an `idempotencyKey` (delivery attempts, the
 * collection), the key recorded with it says so (the same key and event; another event under the key
 * is 409 idempotency_conflict), for the others what the job shows (isRetry). A refused code (wrong,
 * locking or late) is written first (the attempt counts), then thrown: WrongCodeError,
 * HandoffLockedError or CodeExpiredError.
 */
export async function moveFleetJob(
  rt: BaseRuntime & Pick<Runtime, 'jobs'>,
  caller: FleetCaller,
  jobId: string,
  toEvent: (job: Job) => LifecycleEvent,
  idempotencyKey?: string,
): Promise<Job> {
  // The key's marker is read alongside the job: a retry is answered before the job as it now is is judged.
  const [job, recorded] = await Promise.all([
    loadFleetJob(rt.jobs, caller, jobId),
    idempotencyKey === undefined ? null : rt.jobs.moveKeyOf(jobId, fleetActor(caller), idempotencyKey),
  ]);
  const event = toEvent(job);
  const marker = idempotencyKey === undefined ? undefined : moveKeyOf(job.id, fleetActor(caller), idempotencyKey, event);
  if (marker && recorded) return replayOf(marker, recorded.move, recorded.fingerprint, job);
  const refusal = fleetMoveRefusal(caller, job, event);
  if (refusal) throw new IllegalTransitionError(job, event, refusal);
  // A rider's move that lost its race is decided again on the job as it now is (the last one read);
  // operations' are not: two operations racing for one job get 409.
  let current = job;
  const onLostRace =
    caller.role === 'rider'
      ? (latest: Job) => {
          current = latest;
          recheckRiderMove(caller, latest, event);
        }
      : undefined;
  let result: Transition;
  try {
    result = await rt.jobs.move(job, event, fleetActor(caller), { fleetKeyHash: caller.keyHash, onLostRace, ...(marker && { moveKey: marker }) });
  } catch (error) {
    if (error instanceof IllegalTransitionError && alreadyApplied(current, event, caller)) return current;
    // The key was written meanwhile (the same request sent twice at once): the first one's move, answered as a retry.
    if (marker && error instanceof MoveKeyConflictError && error.recordedFingerprint === marker.fingerprint)
      return (await rt.jobs.get(job.storeId, job.id)) ?? current;
    throw error;
  }
  reportRepeatedDeclines(event, result.job);
  const which = event.type === 'submit_code' ? event.handoff : null;
  const refused = which && result.codeOutcome ? handoffRefusal(which, result.codeOutcome, handoffOf(result.job, which)!) : null;
  if (refused) throw refused;
  return result.job;
}

// A move sent again under its Idempotency-Key: the very same move is answered with the job as it now
// is (as the first was answered, with the job then); another under the same key is a conflict.
function replayOf(marker: MoveKey, move: string, fingerprint: string | undefined, job: Job): Job {
  if (fingerprint !== marker.fingerprint) throw new MoveKeyConflictError(move);
  return job;
}

/**
 * Live jobs on offer (`queued`): longest waiting first (ties by id) in every zone, or, given the
 * rider's position, nearest pickup first in the zones around the rider (zonesAround; optionally only
 * those within `withinMeters`), from the zones' offers lists. A rider is not offered the jobs they declined (they
 * may not take them back), nor cash-on-delivery jobs whose cash would take their exposure (cash in
 * hand and cash due, one read of their cash account, made alongside the offers' reads) past the cash
 * limit: accepting one would be refused (409 cash_limit_exceeded).
 */
export async function openOffers(
  rt: BaseRuntime & Pick<Runtime, 'zones' | 'riderCash' | 'fleetJobs'>,
  caller: FleetCaller,
  query: { limit: number; near?: LatLng; withinMeters?: number },
): Promise<Job[]> {
  const offers = async () => {
    const zones = await rt.zones.current();
    const zoneIds = (query.near ? zonesAround(zones, query.near, query.withinMeters) : zones).map((zone) => zone.id);
    return rt.fleetJobs.offers({ ...query, zoneIds });
  };
  if (caller.role === 'ops') return offers();
  const [jobs, account] = await Promise.all([offers(), rt.riderCash.account(caller.agentId)]);
  const cashRoom = rt.config.RIDER_CASH_LIMIT_MINOR - account.exposureMinor;
  // A prepaid job adds no cash, so it is offered even to a rider already past a lowered limit.
  const withinLimit = (job: Job) => cashDueOf(job) === 0 || cashDueOf(job) <= cashRoom;
  return jobs.filter((job) => !declinedBy(job).includes(caller.agentId) && withinLimit(job));
}

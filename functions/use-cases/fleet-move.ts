import type { APIGatewayProxyResult } from 'aws-lambda';
import type * as z from '../zod.ts';
import { JobNotFoundError } from '../core/errors.ts';
import { alreadyApplied, fleetActor, fleetCanSee, fleetMoveRefusal, type FleetCaller } from '../core/fleet-access.ts';
import { declinedBy, type Job } from '../core/job.ts';
import { handoffRefusal, IllegalTransitionError, type LifecycleEvent, type Transition } from '../core/lifecycle.ts';
import { ok } from '../http/responses.ts';
import { fleetHandler, type FleetInput, type ProxyHandler } from '../http/handler.ts';
import type { FleetRouteKey } from '../http/routes.ts';
import type { BaseRuntime, Runtime } from '../runtime.ts';

/** The runtime every fleet route has: the base, the jobs and the zones. */
export type FleetRuntime = BaseRuntime & Pick<Runtime, 'jobs' | 'zones'>;
import type { LatLng } from '../core/geo.ts';
import { zonesAround } from '../core/zone.ts';
import { toFleetJob, toFleetOffer, type FleetOffer } from '../schemas/fleet.schema.ts';
import { reportRepeatedDeclines } from './repeated-declines.ts';

/**
 * The fleet API's one use case: a rider or operations moves a job. The job is found by its id (the
 * job pointer names its store), must be one the caller may see, and the event goes through the
 * transition function and the versioned write like every other change, with the caller as the actor.
 */

/** The job with this id, if the caller may see it (else 404: riders learn nothing of others' jobs). */
export async function loadFleetJob(rt: FleetRuntime, caller: FleetCaller, jobId: string): Promise<Job> {
  const storeId = await rt.jobs.storeOf(jobId);
  const job = storeId ? await rt.jobs.get(storeId, jobId) : null;
  if (!job || !fleetCanSee(caller, job)) throw new JobNotFoundError(jobId, 'fleet');
  return job;
}

type Parsed<S> = S extends z.core.$ZodType ? z.infer<S> : undefined;

/**
 * A fleet route that applies one lifecycle event to the job in its path. A retry of a move already
 * made by the same rider (a lost response) answers 200 with the job, not 409. Code submissions
 * answer 422 wrong_code, 409 handoff_locked or 409 code_expired when refused (a wrong code is
 * recorded first).
 */
export function fleetJobAction<B extends z.core.$ZodType | undefined, P extends z.ZodMiniObject>(
  key: FleetRouteKey,
  schemas: { body?: B; path: P },
  toEvent: (input: FleetInput<Parsed<B>, undefined, Parsed<P>>, job: Job) => LifecycleEvent,
): ProxyHandler {
  return fleetHandler(key, schemas, async (input) => {
    const { rt, caller } = input;
    const job = await loadFleetJob(rt, caller, (input.path as { id: string }).id);
    const event = toEvent(input, job);
    const refusal = fleetMoveRefusal(caller, job, event);
    if (refusal) throw new IllegalTransitionError(job, event.type, refusal);
    let result: Transition;
    try {
      result = await rt.jobs.applyToLatest(job, event, fleetActor(caller), { fleetKeyHash: caller.keyHash });
    } catch (error) {
      if (error instanceof IllegalTransitionError && alreadyApplied(job, event, caller)) return fleetJobResult(job, caller);
      throw error;
    }
    reportRepeatedDeclines(event, result.job);
    // A wrong, locking or late code was written down (the attempt counts), and is refused.
    const which = handoffOf(event);
    const refused = which && result.codeOutcome ? handoffRefusal(which, result.codeOutcome, result.job.verification[which]) : null;
    if (refused) throw refused;
    return fleetJobResult(result.job, caller);
  });
}

const handoffOf = (event: LifecycleEvent) => (event.type === 'submit_pickup_code' ? 'pickup' : event.type === 'submit_delivery_code' ? 'delivery' : null);

/**
 * Live jobs on offer (`queued`): longest waiting first (ties by id) in every zone, or, given the
 * rider's position, nearest pickup first in the zones around the rider (zonesAround; optionally only
 * those within `withinMeters`), from the zones' offers lists. A rider is not offered the jobs they declined (they
 * may not take them back).
 */
export async function openOffers(rt: FleetRuntime, caller: FleetCaller, query: { limit: number; near?: LatLng; withinMeters?: number }): Promise<FleetOffer[]> {
  const zones = await rt.zones.current();
  const zoneIds = (query.near ? zonesAround(zones, query.near, query.withinMeters) : zones).map((zone) => zone.id);
  const jobs = await rt.jobs.offers({ ...query, zoneIds });
  return jobs.filter((job) => caller.role === 'ops' || !declinedBy(job).includes(caller.agentId)).map((job) => toFleetOffer(job, query.near));
}

/** 200 with the fleet's view of a job. */
export const fleetJobResult = (job: Job, caller: FleetCaller): APIGatewayProxyResult => ok(toFleetJob(job, caller.role));

import { randomBase62 } from './api-key.ts';
import type { Job } from './job.ts';
import { ConcurrentModificationError, JobNotFoundError } from './errors.ts';
import { IllegalTransitionError, isRiderRetry, type LifecycleEvent } from './lifecycle.ts';

// Fleet credentials and the fleet's view of the lifecycle. A fleet key is `fk_rider_` or `fk_ops_`
// and 32 base62 characters: its prefix names its role, and no merchant key (`mdk_…`) has that shape,
// so neither kind of key can be mistaken for the other. Like merchant keys, only the SHA-256 is stored.

/** Who holds a fleet key: a rider (bound to one agent id) or fleet operations. */
export type FleetRole = 'rider' | 'ops';

export const FLEET_KEY_PATTERN = /^fk_(rider|ops)_[0-9A-Za-z]{32}$/;

/** A rider's agent id, as the merchant sees it on the job (`agentId`) and in events (`rider:<agentId>`). */
export const AGENT_ID_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;

/** A new fleet key for `role`; the caller shows it once and stores only its hash. */
export function generateFleetKey(role: FleetRole): string {
  return `fk_${role}_${randomBase62(32)}`;
}

/** Whether a string has the shape of a fleet key (checked before any lookup). */
export function looksLikeFleetKey(value: string): boolean {
  return FLEET_KEY_PATTERN.test(value);
}

/** The caller of a fleet route: a rider (with the agent id its key is bound to) or fleet operations. */
export type FleetCaller = { role: 'rider'; keyId: string; keyHash: string; agentId: string } | { role: 'ops'; keyId: string; keyHash: string; agentId: null };

/** The event actor for a fleet caller (DESIGN.md: `rider:<agentId>`, or `admin` for operations). */
export function fleetActor(caller: FleetCaller): string {
  return caller.role === 'rider' ? `rider:${caller.agentId}` : 'admin';
}

/**
 * Whether the fleet may see a job at all: sandbox jobs belong to the simulator; a rider sees open
 * offers and the jobs assigned to them; operations see every live job.
 */
export function fleetCanSee(caller: FleetCaller, job: Job): boolean {
  if (job.testMode) return false;
  if (caller.role === 'ops') return true;
  return job.status === 'queued' || job.agentId === caller.agentId;
}

/**
 * Why this caller may not send `event` to a job it can see, or null if it may: a rider moves only the
 * jobs assigned to them, except to accept an offer. Operations may send whatever their routes allow.
 */
export function fleetMoveRefusal(caller: FleetCaller, job: Job, event: LifecycleEvent): string | null {
  if (caller.role === 'ops' || event.type === 'accept' || job.agentId === caller.agentId) return null;
  return 'This job is not assigned to you: accept the offer first';
}

/**
 * The answer a rider's move gets on a job that changed under it, thrown; nothing when the move is to
 * be decided again on the job as it now is (JobRepository.move with onLostRace: decide-again). A job another rider took
 * meanwhile is two riders racing for it (409 concurrent_modification); otherwise the rider meets the
 * refusals a fresh request would: 404 for a job they may no longer see, 409 for one not theirs to move.
 */
export function recheckRiderMove(caller: FleetCaller, latest: Job, event: LifecycleEvent): void {
  if (latest.agentId !== null && latest.agentId !== caller.agentId) throw new ConcurrentModificationError();
  if (!fleetCanSee(caller, latest)) throw new JobNotFoundError(latest.id, 'fleet');
  const refusal = fleetMoveRefusal(caller, latest, event);
  if (refusal) throw new IllegalTransitionError(latest, event, refusal);
}

/**
 * Whether `event` by this rider is already reflected in the job: the app's retry of a request whose
 * answer was lost. The retry then gets 200 with the job instead of a 409 for a move already made.
 * Every event declares what its retry looks like (MoveDefinition.isRetry in core/lifecycle/); only
 * the rider who holds the job can be retrying.
 */
export function alreadyApplied(job: Job, event: LifecycleEvent, caller: FleetCaller): boolean {
  if (caller.role !== 'rider' || job.agentId !== caller.agentId) return false;
  return isRiderRetry(job, event, { agentId: caller.agentId, actor: fleetActor(caller) });
}

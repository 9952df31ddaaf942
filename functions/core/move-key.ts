import { createHash } from 'node:crypto';
import type { LifecycleEvent } from './lifecycle.ts';

/**
 * A rider's move that creates a record (a delivery attempt, the collection) sent with an
 * Idempotency-Key: the key is kept with the move, for good, so the same key again is a retry of that
 * very move (the same body: answered 200 with the job as it now is) or a conflict (another body), and
 * never a second record. The key is the caller's (the job and the actor scope it).
 */
export interface MoveKey {
  jobId: string;
  /** The actor the move is recorded with (`rider:<agentId>`, `admin`). */
  actor: string;
  key: string;
  /** The move's type (`attempt_delivery`, `collect`), named in a conflict. */
  move: LifecycleEvent['type'];
  /** What the move said: the SHA-256 of the event. */
  fingerprint: string;
}

/** The key of `event` by `actor` on a job: what a retry of it must match. */
export function moveKeyOf(jobId: string, actor: string, key: string, event: LifecycleEvent): MoveKey {
  return { jobId, actor, key, move: event.type, fingerprint: createHash('sha256').update(JSON.stringify(event)).digest('hex') };
}

import { randomInt } from 'node:crypto';
import type { Job } from './job.ts';

/**
 * A handoff: the moment the parcel changes hands (the store to the rider, the rider to the customer,
 * the rider back to the store), proven by a 4-digit code. Its data and the pure helpers on it live
 * here; the moves that use a code are the lifecycle's (core/lifecycle/handoffs.ts).
 */

export const VERIFICATION_STATUSES = ['pending', 'active', 'expired', 'verified', 'locked', 'unavailable'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** One handoff's verification: the code, its state and how many wrong tries it has had. */
export interface Handoff {
  code: string;
  status: VerificationStatus;
  expiresAt: string | null;
  verifiedAt: string | null;
  failedAttempts: number;
}

/** The three handoffs a job can have: the return one lives on the return trip. */
export type HandoffName = 'pickup' | 'delivery' | 'return';

/** A handoff as the merchant sees it: its code only while it can still be used. */
export interface HandoffData {
  status: VerificationStatus;
  code: string | null;
  expiresAt: string | null;
  verifiedAt: string | null;
}

/** A handoff as the merchant sees it. */
export function toHandoffData(handoff: Handoff): HandoffData {
  return { status: handoff.status, code: visibleCode(handoff), expiresAt: handoff.expiresAt, verifiedAt: handoff.verifiedAt };
}

/** The merchant sees a handoff code only while it can still be used. */
export function visibleCode(handoff: Handoff): string | null {
  return handoff.status === 'pending' || handoff.status === 'active' ? handoff.code : null;
}

/** A handoff with a new code and no tries: `pending` until the rider is at the door, or `active` (until `expiresAt`, if set). */
export function newHandoff(status: 'pending' | 'active' = 'pending', expiresAt: string | null = null): Handoff {
  return { code: verificationCode(), status, expiresAt, verifiedAt: null, failedAttempts: 0 };
}

/** A 4-digit handoff code from the CSPRNG (0000–9999, uniform). */
export function verificationCode(): string {
  return String(randomInt(10_000)).padStart(4, '0');
}

/** The handoff's state as of `now`: an active code past its expiry is expired. */
export function effectiveHandoff(handoff: Handoff, now: Date): Handoff {
  const lapsed = handoff.status === 'active' && handoff.expiresAt !== null && Date.parse(handoff.expiresAt) <= now.getTime();
  return lapsed ? { ...handoff, status: 'expired' } : handoff;
}

/** A handoff that can no longer happen; a verified one stays verified. */
export function endHandoff(handoff: Handoff): Handoff {
  return handoff.status === 'verified' ? handoff : { ...handoff, status: 'unavailable', expiresAt: null };
}

/** A handoff of the job by name (the return one lives on the return trip; null when the job has none). */
export function handoffOf(job: Job, name: HandoffName): Handoff | null {
  return name === 'return' ? (job.returnTrip?.handoff ?? null) : job.verification[name];
}

/** The job's fields that hold a handoff, with that handoff replaced (the return one: on a job with a return trip). */
export function withHandoff(job: Job, name: HandoffName, handoff: Handoff): Partial<Job> {
  return name === 'return' ? { returnTrip: { ...job.returnTrip!, handoff } } : { verification: { ...job.verification, [name]: handoff } };
}

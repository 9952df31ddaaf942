import * as z from '../zod.ts';
import { MAX_INSTRUCTIONS_LENGTH, type Job } from '../core/job.ts';
import type { DeliveryAttemptView, JobEventView, PendingDecision } from './views/job-parts.view.ts';

/**
 * What the merchant and the fleet APIs read and answer alike about a job, at run time: the path that
 * names it, the rules of free text for the rider, and the parts of the job both views show the same
 * way (their schemas: views/job-parts.view.ts).
 */

/** Path of every route that names a job, merchant's and fleet's (a UUID in any letter case). */
export const JobPath = z.strictObject({
  id: z.pipe(
    z.uuid({ error: 'Must be a job id (a UUID)' }),
    z.transform((id) => id.toLowerCase()),
  ),
});

// Control characters other than whitespace (a NUL, an escape sequence) and bidirectional overrides, which
// could make a rider's screen show other text than was sent.
const HIDDEN_CHARACTERS = /(?![\t\n\r])\p{Cc}|[\u202A-\u202E\u2066-\u2069]/u;

/**
 * `normalizeInstructions` for the rider: runs of whitespace (line breaks and tabs included) become
 * one space and the ends are trimmed; then 1–280 characters (code points). Hidden control characters
 * and broken text (a lone UTF-16 surrogate) are refused rather than silently dropped.
 */
export function normalizeInstructions(value: string): { ok: true; value: string } | { ok: false; message: string } {
  if (!value.isWellFormed()) return { ok: false, message: 'Must be valid text (it holds a lone UTF-16 surrogate)' };
  if (HIDDEN_CHARACTERS.test(value)) return { ok: false, message: 'Must not contain control characters (other than spaces, tabs and line breaks)' };
  const normalized = value.replace(/\s+/g, ' ').trim();
  const length = [...normalized].length;
  if (length === 0) return { ok: false, message: 'Must not be blank: send null to clear an instruction' };
  if (length > MAX_INSTRUCTIONS_LENGTH) return { ok: false, message: `Must be at most ${MAX_INSTRUCTIONS_LENGTH} characters (it has ${length})` };
  return { ok: true, value: normalized };
}

/** The job's status history, oldest first, as both APIs show it. */
export function eventViews(job: Job): JobEventView[] {
  return job.events.map(({ id, status, actor, note, createdAt }) => ({ id, status, actor, note, createdAt }));
}

/** The rider's failed attempts to deliver, oldest first ([] when none), as both APIs show them. */
export function attemptViews(job: Job): DeliveryAttemptView[] {
  return (job.deliveryAttempts ?? []).map(({ number, reason, note, createdAt }) => ({ number, reason, note, createdAt }));
}

/** The decision the job waits for, or null, as both APIs show it. */
export function pendingDecisionView(job: Job): PendingDecision | null {
  const decision = job.pendingDecision;
  return decision ? { options: [...decision.options], deadlineAt: decision.deadlineAt, defaultAction: decision.defaultAction } : null;
}

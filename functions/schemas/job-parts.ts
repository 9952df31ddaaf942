import * as z from '../zod.ts';
import { MAX_INSTRUCTIONS_LENGTH, type Job } from '../core/job.ts';
import type { DeliveryAttemptView, JobEventView, PendingDecision } from './views/job-parts.view.ts';
import { foldWhitespace, textRefusal } from './common.schema.ts';

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

/**
 * `normalizeInstructions` for the rider: the text rules of every name and note (textRefusal: hidden and
 * disguising characters refused rather than silently dropped), runs of whitespace (line breaks and tabs
 * included) folded to one space and the ends trimmed; then 1–280 characters (code points).
 */
export function normalizeInstructions(value: string): { ok: true; value: string } | { ok: false; message: string } {
  const refusal = textRefusal(value);
  if (refusal !== null) return { ok: false, message: refusal };
  const normalized = foldWhitespace(value);
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

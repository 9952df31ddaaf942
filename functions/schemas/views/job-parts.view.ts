import * as z from '../../zod.ts';
import { DECISION_ACTIONS, DELIVERY_ATTEMPT_REASONS, JOB_STATUSES } from '../../core/job.ts';
import { Latitude, Longitude } from '../common.schema.ts';

/**
 * The parts of a job that the merchant API and the fleet API show alike: its history, the rider's
 * position, the failed attempts and the decision they ask for. Each is defined here once; the
 * merchant's job (job.view.ts) and the fleet's (fleet.view.ts) are built from them.
 *
 * The modules of views/ are the answers' zod schemas: the types of what the handlers answer and the
 * bodies of the API documents. Nothing answers by parsing them, so runtime code imports them only as
 * types and no Lambda bundle holds them.
 */

/** An instant as every answer writes it (ISO 8601, UTC). */
export const DateTime = z.iso.datetime();

/** One status-history entry, as both APIs show it. */
export const JobEventView = z.strictObject({
  id: z.uuid(),
  status: z.enum(JOB_STATUSES),
  actor: z.nullable(z.string()),
  note: z.nullable(z.string()),
  createdAt: DateTime,
});
export type JobEventView = z.infer<typeof JobEventView>;

/** The rider's last reported position. */
export const RiderLocationView = z.strictObject({
  latitude: Latitude,
  longitude: Longitude,
  accuracy: z.nullable(z.number().check(z.minimum(0))),
  recordedAt: DateTime,
});

/** One failed attempt to deliver, as the rider reported it (the job detail, the fleet's job and `job.delivery_attempted`). */
export const DeliveryAttemptView = z.strictObject({
  number: z.int().check(z.minimum(1)),
  reason: z.enum(DELIVERY_ATTEMPT_REASONS),
  note: z.nullable(z.string()),
  createdAt: DateTime,
});
export type DeliveryAttemptView = z.infer<typeof DeliveryAttemptView>;

/** The decision the job waits for after a failed attempt: `defaultAction` is applied at `deadlineAt` if the merchant has not decided. */
export const PendingDecision = z.strictObject({
  options: z.array(z.enum(DECISION_ACTIONS)),
  deadlineAt: DateTime,
  defaultAction: z.enum(DECISION_ACTIONS),
});
export type PendingDecision = z.infer<typeof PendingDecision>;

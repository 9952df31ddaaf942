import * as z from '../../zod.ts';
import {
  COLLECTION_STATUSES,
  JOB_STATUSES,
  PAYMENT_METHODS,
  RETURN_REASONS,
  RETURN_TRIP_STATUSES,
  SETTLEMENTS,
  VERIFICATION_STATUSES,
} from '../../core/job.ts';
import { Latitude, Longitude, MinorAmount } from '../common.schema.ts';
import { DateTime, DeliveryAttemptView, JobEventView, PendingDecision, RiderLocationView } from './job-parts.view.ts';

/** The merchant API's views of a job (what toJobDetail and toJobSummary answer); their words are in docs/job.docs.ts. */

/** A handoff as the merchant sees it: its code while it can be used. */
export const HandoffView = z.strictObject({
  status: z.enum(VERIFICATION_STATUSES),
  code: z.nullable(z.string().check(z.regex(/^\d{4}$/))),
  expiresAt: z.nullable(DateTime),
  verifiedAt: z.nullable(DateTime),
});

/** The decision the job waits for, as the merchant sees it: the shared shape, as its own schema so that the merchant's documents describe it. */
export const PendingDecisionView = PendingDecision.clone();

/** The parcel's way back to the pickup, as the job detail and the return events show it. */
export const ReturnTripView = z.strictObject({
  reason: z.enum(RETURN_REASONS),
  status: z.enum(RETURN_TRIP_STATUSES),
  chargeMinor: MinorAmount,
  startedAt: DateTime,
  returnedAt: z.nullable(DateTime),
  verification: HandoffView,
});
export type ReturnTripView = z.infer<typeof ReturnTripView>;

/** A cash-on-delivery job's payment, as the job detail and `job.collection_updated` show it. */
export const CollectionView = z.strictObject({
  amountMinor: MinorAmount,
  feeMinor: MinorAmount,
  status: z.enum(COLLECTION_STATUSES),
  method: z.nullable(z.enum(PAYMENT_METHODS)),
  reference: z.nullable(z.string()),
  collectedAt: z.nullable(DateTime),
  remittanceId: z.nullable(z.string()),
  verifiedAt: z.nullable(DateTime),
});
export type CollectionView = z.infer<typeof CollectionView>;

/** An item of the list response: these fields, always present. */
export const JobSummary = z.strictObject({
  id: z.uuid(),
  externalOrderId: z.nullable(z.string()),
  status: z.enum(JOB_STATUSES),
  agentId: z.nullable(z.string()),
  dropName: z.string(),
  dropAddress: z.string(),
  dropCity: z.nullable(z.string()),
  dropPincode: z.nullable(z.string()),
  dropPhone: z.string(),
  packageDescription: z.nullable(z.string()),
  chargeMinor: z.nullable(MinorAmount),
  settlement: z.nullable(z.enum(SETTLEMENTS)),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type JobSummary = z.infer<typeof JobSummary>;

/** `data` of the create, get and cancel responses: the summary plus these, always present. */
export const JobDetail = z.extend(JobSummary, {
  pickupName: z.nullable(z.string()),
  pickupAddress: z.string(),
  pickupCity: z.nullable(z.string()),
  pickupPincode: z.nullable(z.string()),
  pickupPhone: z.nullable(z.string()),
  pickupLatitude: z.nullable(Latitude),
  pickupLongitude: z.nullable(Longitude),
  dropLatitude: z.nullable(Latitude),
  dropLongitude: z.nullable(Longitude),
  packageWeight: z.nullable(z.string()),
  packageWeightGrams: z.nullable(z.int()),
  packageValue: z.nullable(z.number()),
  packageValueMinor: z.nullable(MinorAmount),
  pickupInstructions: z.nullable(z.string()),
  dropInstructions: z.nullable(z.string()),
  riderLocation: z.nullable(RiderLocationView),
  events: z.array(JobEventView),
  verification: z.strictObject({ testMode: z.boolean(), pickup: HandoffView, delivery: HandoffView }),
  deliveryAttempts: z.array(DeliveryAttemptView),
  pendingDecision: z.nullable(PendingDecisionView),
  returnTrip: z.nullable(ReturnTripView),
  collection: z.nullable(CollectionView),
});
export type JobDetail = z.infer<typeof JobDetail>;

/** The list response body. */
export const JobListResponse = z.strictObject({ data: z.array(JobSummary), limit: z.int(), offset: z.int() });

import * as z from '../../zod.ts';
import { MinorAmount } from '../common.schema.ts';
import { DateTime } from './job-parts.view.ts';

/**
 * `data` of GET /v1/cod-summary: the store's cash-on-delivery money at a glance. collected =
 * awaiting remittance + remitted, always; awaiting verification is the part of awaiting remittance
 * paid by UPI and not yet confirmed by the platform's receiving account (remitted only once it is).
 */
export const CodSummaryResponse = z.strictObject({
  collectedMinor: MinorAmount,
  awaitingRemittanceMinor: MinorAmount,
  awaitingVerificationMinor: MinorAmount,
  remittedMinor: MinorAmount,
  nextRemittanceAt: z.nullable(DateTime),
});
export type CodSummaryResponse = z.infer<typeof CodSummaryResponse>;

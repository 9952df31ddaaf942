import { merchantHandler } from '../http/handler.ts';
import { ok } from '../http/responses.ts';
import { remittancesPart } from '../runtime.ts';
import { toCodSummary } from '../schemas/cod-summary.schema.ts';

/**
 * GET /v1/cod-summary: the store's cash-on-delivery totals, from the store item authentication read
 * and the store's payments awaiting remittance (one Query of its own partition, alongside the rate
 * limit's token: what awaits is at most the payments since the last cut-off and the UPI ones awaiting
 * verification, never the store's jobs).
 */
export const handler = merchantHandler('GET /v1/cod-summary', { uses: { remittances: remittancesPart } }, async ({ merchant: { store }, rt }) =>
  ok(toCodSummary(store, await rt.remittances.awaiting(store.id), new Date(), rt.config.REMITTANCE_CUTOFF_IST)),
);

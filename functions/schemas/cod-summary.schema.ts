import { nextCutoff } from '../core/remittance.ts';
import type { Store } from '../core/store.ts';
import type { CodSummaryResponse } from './views/cod-summary.view.ts';

/**
 * GET /v1/cod-summary's `data`: the store's own totals (kept with every payment and remittance) and
 * its payments awaiting remittance (`awaiting`: each line's amount and whether it was verified; null, a
 * UPI payment not yet confirmed). The next remittance: a live store's next daily cut-off, a sandbox
 * store's now (its payments go at the worker's next tick), while a verified payment awaits; else null.
 */
export function toCodSummary(
  store: Store,
  awaiting: ReadonlyArray<{ amountMinor: number; verifiedAt: string | null }>,
  now: Date,
  cutoffIst: string,
): CodSummaryResponse {
  const unverified = awaiting.reduce((sum, line) => sum + (line.verifiedAt === null ? line.amountMinor : 0), 0);
  const next = store.codAwaitingMinor - unverified <= 0 ? null : store.sandbox ? now : nextCutoff(now, cutoffIst);
  return {
    collectedMinor: store.codCollectedMinor,
    awaitingRemittanceMinor: store.codAwaitingMinor,
    awaitingVerificationMinor: unverified,
    remittedMinor: store.codRemittedMinor,
    nextRemittanceAt: next === null ? null : next.toISOString(),
  };
}

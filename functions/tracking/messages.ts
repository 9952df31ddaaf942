import type { DeliveryAttemptReason } from '../core/job.ts';
import type { TrackingPhase, TrackingStep } from '../core/tracking.ts';
import { en } from './messages/en.ts';
import { hi } from './messages/hi.ts';

/**
 * Every word the tracking page says, in one table per language (`messages/<lang>.ts`). Another
 * language is one more file and one line in LANGUAGES.
 */
export interface Messages {
  /** BCP 47 tag of the page (`<html lang>`). */
  lang: string;
  /** The locale dates and numbers are written in. */
  locale: string;
  /** The language's name in itself, for the switch. */
  name: string;
  orderFrom: (store: string) => string;
  sandbox: string;
  language: string;
  /** The headline of each phase; while the store decides after a failed attempt, the attempt's reason is. */
  phase: Record<Exclude<TrackingPhase, 'attempt_failed'>, string>;
  /** A failed attempt at the door, by its reason: the headline while the store decides, and its timeline step. */
  attempted: Record<DeliveryAttemptReason, string>;
  attemptNext: (store: string) => string;
  findingRiderNext: string;
  riderFromStore: (distance: string) => string;
  riderOnWayToStore: string;
  riderAway: (distance: string) => string;
  riderBringing: string;
  giveCode: string;
  /** At the door while a cash-on-delivery payment is due: pay first (the rider cannot take the code before). */
  payThenGiveCode: string;
  /** Cash on delivery: the amount to pay at the door (₹, formatted), and that it was paid. */
  payOnDelivery: (amount: string) => string;
  paid: (amount: string) => string;
  deliveredAt: (time: string) => string;
  cancelledNext: (store: string) => string;
  failedNext: (store: string) => string;
  /** What happens next when the store called the parcel back (one that could not be delivered: failedNext). */
  recalledNext: (store: string) => string;
  steps: Record<Exclude<TrackingStep, 'attempted'>, string>;
  notYet: string;
  progress: string;
  deliveryCode: string;
  codeHint: string;
  map: string;
  mapLegend: { store: string; you: string; rider: string };
  deliveringTo: string;
  kilometres: (value: string) => string;
  metres: (value: string) => string;
  updated: (time: string) => string;
  refreshes: string;
  offline: string;
  notFoundTitle: string;
  notFoundBody: string;
  unavailableTitle: string;
  unavailableBody: string;
}

/** The page's languages; the first is the default. */
export const LANGUAGES: readonly Messages[] = [en, hi];

/**
 * The page's language: `?lang=` when it names one of ours (the switch's links), else the best of
 * `Accept-Language` that we have (by q-value, then order; `hi-IN` is `hi`), else English.
 */
export function chooseLanguage(requested: string | undefined, acceptLanguage: string | undefined): Messages {
  const byTag = (tag: string) => LANGUAGES.find((language) => language.lang === tag.toLowerCase().split('-')[0]);
  const explicit = requested === undefined ? undefined : byTag(requested);
  if (explicit) return explicit;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .slice(0, 20)
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter(({ tag, q }) => tag.length > 0 && q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranked) {
    const language = byTag(tag);
    if (language) return language;
  }
  return LANGUAGES[0]!;
}

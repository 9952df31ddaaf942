import { randomBase62 } from './api-key.ts';

/**
 * Remittances: the cash-on-delivery payments collected for a store, credited to its prepaid credit in
 * cycles. A live store's cycle closes at a daily cut-off in IST (REMITTANCE_CUTOFF_IST); a sandbox
 * store's payments are remitted at the worker's next tick. Pure: the worker (functions/workers) reads
 * and writes.
 */

/** A remittance as the merchant sees it: `pending` while its payments are being claimed, `credited` once its amount is in the store's balance. */
export interface Remittance {
  id: string;
  storeId: string;
  status: 'pending' | 'credited';
  amountMinor: number;
  jobCount: number;
  periodStart: string;
  periodEnd: string;
  createdAt: string;
  creditedAt: string | null;
  /** The statement entry (`cod_remittance`, GET /v1/ledger) that credited it: `le_…`; null while pending. */
  ledgerEntryId: string | null;
}

/** What the merchant sees of a remittance (the list's item; `remittance.created`'s data): all but its store. */
export function remittanceView(remittance: Remittance): Omit<Remittance, 'storeId'> {
  const { storeId: _storeId, ...view } = remittance;
  return view;
}

/** One payment a remittance carries. */
export interface RemittanceLine {
  jobId: string;
  amountMinor: number;
  collectedAt: string;
}

export const REMITTANCE_STATUSES = ['pending', 'credited'] as const;

/** `rem_` and 24 base62 characters. */
export const REMITTANCE_ID_PATTERN = /^rem_[0-9A-Za-z]{24}$/;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TIME_DIGITS = 8; // 62^8 ms is ~6,900 years

/**
 * A new remittance id: `rem_`, its creation time in 8 base62 digits (fixed width, so ids sort by
 * creation in DynamoDB's byte order: a store's newest remittances are one Query), then 16 random
 * base62 characters.
 */
export function newRemittanceId(now: Date): string {
  let time = '';
  for (let ms = now.getTime(), i = 0; i < TIME_DIGITS; i++, ms = Math.floor(ms / 62)) time = BASE62[ms % 62] + time;
  return `rem_${time}${randomBase62(24 - TIME_DIGITS)}`;
}

/** IST is UTC+05:30 all year (India keeps no daylight saving). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The last daily cut-off (`HH:MM` IST) at or before `at`. */
export function lastCutoff(at: Date, cutoffIst: string): Date {
  const [hours, minutes] = cutoffIst.split(':').map(Number) as [number, number];
  const local = at.getTime() + IST_OFFSET_MS;
  const cutoffInDay = (hours * 60 + minutes) * 60_000;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  const candidate = dayStart + cutoffInDay;
  return new Date((candidate <= local ? candidate : candidate - DAY_MS) - IST_OFFSET_MS);
}

/** The first daily cut-off after `at`. */
export function nextCutoff(at: Date, cutoffIst: string): Date {
  return new Date(lastCutoff(at, cutoffIst).getTime() + DAY_MS);
}

/** A cycle the worker can close now: its period and the payments (oldest first) it carries. */
export interface Cycle<L extends { collectedAt: string }> {
  periodStart: string;
  periodEnd: string;
  lines: L[];
}

/**
 * The cycle of a store's payments awaiting remittance (`lines`, oldest first) that is due at `now`,
 * or null when none is. Live: the payments collected before the last cut-off that has passed, for the
 * period [the cut-off before it, that cut-off), reaching back to the cut-off before the oldest payment
 * when older ones were left (the worker was stopped for a day). Sandbox: every payment collected by
 * `now`, for the period from the oldest one to `now`.
 */
export function dueCycle<L extends { collectedAt: string }>(lines: readonly L[], now: Date, terms: { cutoffIst: string; sandbox: boolean }): Cycle<L> | null {
  const end = terms.sandbox ? now : lastCutoff(now, terms.cutoffIst);
  const due = lines.filter((line) => (terms.sandbox ? Date.parse(line.collectedAt) <= end.getTime() : Date.parse(line.collectedAt) < end.getTime()));
  if (due.length === 0) return null;
  const oldest = new Date(Math.min(...due.map((line) => Date.parse(line.collectedAt))));
  const start = terms.sandbox ? oldest : new Date(Math.min(end.getTime() - DAY_MS, lastCutoff(oldest, terms.cutoffIst).getTime()));
  return { periodStart: start.toISOString(), periodEnd: end.toISOString(), lines: due };
}

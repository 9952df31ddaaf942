import { ServiceUnavailableError } from '../core/errors.ts';
import type { LedgerEntry, Store } from '../core/store.ts';
import type { BaseRuntime } from '../runtime.ts';

/** One line of a store's statement: an entry of its ledger, and the store's figures right after it. */
export interface StatementEntry {
  id: string;
  type: LedgerEntry['type'] | 'adjustment';
  /** What the entry moved, in paise: the top-up, the reservation, its release or its capture, a remittance (positive); an adjustment's signed change. */
  amountMinor: number;
  balanceMinor: number;
  reservedMinor: number;
  jobId: string | null;
  note: string | null;
  createdAt: string;
}

/** Where a statement reader is: the last entry it was given, and the store's figures just before it. */
export interface StatementCursor {
  key: string;
  balanceMinor: number;
  reservedMinor: number;
}

/** A filtered statement page looks at this many entries at most, then answers with what it found. */
const FILTER_SCAN_BUDGET = 1_000;
/**
 * How many times the first page is read again when money moved while it was read, with a pause that
 * doubles between tries (random, up to 25 ms × 2^try, at most 400 ms: about 1.5 s in all), so a burst
 * of the store's bookings is waited out; a store's bookings are limited to a few a second, so a quiet
 * moment comes. Only a ledger that never stops moving for that long answers 503 (retry later).
 */
const SNAPSHOT_ATTEMPTS = 8;
const SNAPSHOT_PAUSE_MAX_MS = 400;

const statementId = (entry: LedgerEntry) => `le_${entry.id.replaceAll('-', '')}`;

function toStatementEntry(entry: LedgerEntry, balanceMinor: number, reservedMinor: number): StatementEntry {
  const type = entry.type as StatementEntry['type'];
  const amountMinor = type === 'adjustment' ? entry.balanceDeltaMinor : Math.abs(entry.balanceDeltaMinor || entry.reservedDeltaMinor);
  return { id: statementId(entry), type, amountMinor, balanceMinor, reservedMinor, jobId: entry.jobId, note: entry.note, createdAt: entry.createdAt };
}

/**
 * A page of the store's statement, newest first, with the store's balance and reserved credit right
 * after each entry. The figures are worked back from the store's own: the first page reads the store
 * and its newest entries as one snapshot (it reads again if money moved in between), so its newest
 * entry's figures are exactly GET /v1/balance's; each later page starts from the figures its cursor
 * carries, so a reader paging back sees every entry once with figures that add up. With `jobId`, only
 * that job's entries are shown, but every entry is counted, so their figures stay the store's.
 */
export async function statementPage(
  rt: BaseRuntime,
  store: Store,
  query: { limit: number; after?: StatementCursor; jobId?: string },
): Promise<{ entries: StatementEntry[]; next: StatementCursor | null; hasMore: boolean }> {
  const pageSize = query.jobId === undefined ? query.limit : 200;
  let figures: { balanceMinor: number; reservedMinor: number };
  let first: Awaited<ReturnType<BaseRuntime['stores']['ledgerPage']>> | undefined;
  if (query.after) {
    figures = { balanceMinor: query.after.balanceMinor, reservedMinor: query.after.reservedMinor };
  } else {
    let before = store;
    for (let attempt = 1; ; attempt++) {
      const page = await rt.stores.ledgerPage(store.id, { limit: pageSize });
      const after = await rt.stores.get(store.id);
      // Every entry changes the balance or the reserved credit, and a booking's reservation also the
      // job counter: the same three figures before and after mean no entry landed in between.
      if (after && after.balanceMinor === before.balanceMinor && after.reservedMinor === before.reservedMinor && after.jobCount === before.jobCount) {
        figures = { balanceMinor: after.balanceMinor, reservedMinor: after.reservedMinor };
        first = page;
        break;
      }
      if (attempt >= SNAPSHOT_ATTEMPTS) throw new ServiceUnavailableError(new Error(`the ledger of ${store.id} kept moving while its statement was read`));
      before = after ?? before;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(SNAPSHOT_PAUSE_MAX_MS, 25 * 2 ** attempt)));
    }
  }

  const entries: StatementEntry[] = [];
  let cursor: StatementCursor | null = query.after ?? null;
  let examined = 0;
  let page = first ?? (await rt.stores.ledgerPage(store.id, { limit: pageSize, before: query.after?.key }));
  for (;;) {
    for (const [index, entry] of page.entries.entries()) {
      examined += 1;
      if (query.jobId === undefined || entry.jobId === query.jobId) entries.push(toStatementEntry(entry, figures.balanceMinor, figures.reservedMinor));
      figures = { balanceMinor: figures.balanceMinor - entry.balanceDeltaMinor, reservedMinor: figures.reservedMinor - entry.reservedDeltaMinor };
      cursor = { key: entry.key, ...figures };
      const more = index < page.entries.length - 1 || page.more;
      if (entries.length === query.limit || (query.jobId !== undefined && examined >= FILTER_SCAN_BUDGET))
        return { entries, next: more ? cursor : null, hasMore: more };
    }
    if (!page.more) return { entries, next: null, hasMore: false };
    page = await rt.stores.ledgerPage(store.id, { limit: pageSize, before: cursor!.key });
  }
}

/** The store's whole statement, newest first (the admin CLI's `store ledger`; tests). */
export async function wholeStatement(rt: BaseRuntime, store: Store): Promise<StatementEntry[]> {
  const entries: StatementEntry[] = [];
  let after: StatementCursor | undefined;
  for (;;) {
    const page = await statementPage(rt, store, { limit: 100, after });
    entries.push(...page.entries);
    if (!page.next) return entries;
    after = page.next;
  }
}

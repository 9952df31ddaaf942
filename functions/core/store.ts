/** A merchant store and its credit, as the domain sees it. All amounts are integer paise. */
export interface Store {
  id: string;
  name: string;
  sandbox: boolean;
  apiEnabled: boolean;
  /** Credit paid in and not yet spent. */
  balanceMinor: number;
  /** Part of the balance held for open jobs. */
  reservedMinor: number;
  /** balanceMinor - reservedMinor: what new bookings may use. Stored so conditions can test it. */
  availableMinor: number;
  /**
   * Cash on delivery: payments collected for the store (`codCollectedMinor`), of which
   * `codAwaitingMinor` await remittance and `codRemittedMinor` were credited to the balance; collected
   * = awaiting + remitted at every moment (kept in the same transactions as the payments and remittances).
   */
  codCollectedMinor: number;
  codAwaitingMinor: number;
  codRemittedMinor: number;
  /** Jobs ever booked; the last job's counter (job ids and list pages are built on it). */
  jobCount: number;
  /** Per-minute limits agreed with this store, by rate group, in place of the defaults. */
  rateLimitOverrides: Record<string, number>;
  /** On a live store: its linked sandbox twin (the console's test mode), or null. */
  testStoreId: string | null;
  /** On a sandbox twin: the live store it is linked to, or null. */
  liveStoreId: string | null;
  createdAt: string;
}

/** A merchant: a store acting through one of its API keys or a console session's access token (the authenticated caller of the merchant API). */
export interface Merchant {
  storeId: string;
  /** The API key's id; for a console access token, its session's id. */
  keyId: string;
  /** How the caller authenticated: an API key, or a console session's access token. */
  via: 'api_key' | 'console';
  /** The console session, when `via` is 'console'; null for an API key. */
  sessionId: string | null;
  /** SHA-256 of the key: what writes check to refuse a key revoked mid-request. */
  keyHash: string;
  store: Store;
}

/** Kinds of ledger entry; each records its effect on balance and on reservations. */
export type LedgerEntryType = 'top_up' | 'reserve' | 'release' | 'capture' | 'adjustment' | 'cod_remittance';

/** One append-only movement of money. balance = sum(balanceDeltaMinor); reserved = sum(reservedDeltaMinor). */
export interface LedgerEntry {
  id: string;
  storeId: string;
  type: LedgerEntryType;
  balanceDeltaMinor: number;
  reservedDeltaMinor: number;
  jobId: string | null;
  note: string | null;
  /** Who made an adjustment (operations' own entries); null on every other entry. */
  operator?: string | null;
  createdAt: string;
}

import type { TableAccessKind } from '../functions/http/routes.ts';

/**
 * What each function may do to the table: exactly the DynamoDB actions its handler performs, and no
 * more, by the kind of function (a route's `access` in the route table). A test checks that each
 * role's policy is exactly its kind's set.
 *
 * Every route takes a token from a rate-limit bucket (an UpdateItem: the store's on merchant routes,
 * the fleet key's on fleet routes). Functions whose only update is that one get UpdateItem limited to
 * the bucket's own attributes, so no UpdateItem of theirs can change a store, a quote or a job (those
 * with PutItem can still write whole items: the quote, the job of a fleet move). Only booking,
 * cancel, dispatch and the sandbox rider, fleet-submit-code, fleet-fail-job, fleet-attempt-delivery (the second
 * attempt starts the return: capture and reservation), fleet-decline-job (the last decline releases
 * the credit) and fleet-record-collection (the payment adds to the store's cash-on-delivery totals, in
 * the same update as its money) may update any item.
 */
export interface TableAccess {
  /** Actions on the table itself, other than UpdateItem. */
  table: string[];
  /** Actions on GSI1 (the jobs-by-status index). */
  index?: string[];
  /** UpdateItem on any item, only on these attributes (a rate-limit bucket’s, a rider’s holding counter or cash account), or not at all. */
  updates: 'any' | readonly string[] | 'none';
  /** The table actions reach only items whose partition key matches one of these (IAM's dynamodb:LeadingKeys). */
  leadingKeys?: readonly string[];
}

/**
 * The attributes a rate-limit bucket has (functions/data/rate-limit.repository.ts), and `lastUsedOn`:
 * every merchant request's auth records its key's first use of the day on the key's item
 * (functions/data/api-key.repository.ts recordUse), so every kind that takes a token may set it too.
 */
export const RATE_BUCKET_ATTRIBUTES = ['PK', 'SK', 'tat', 'ttl', 'lastUsedOn'];
/** A rider's holding counter (`AGENT#<id>`/`HOLDING`), kept by the moves that change who holds a job. */
const HOLDING_ATTRIBUTES = ['holding'];
/** A rider's cash account (`AGENT#<id>`/`CASH`), kept by the moves that change the cash due on the jobs they hold (accepting a cash-on-delivery job). */
const RIDER_CASH_ATTRIBUTES = ['agentId', 'updatedAt', 'dueMinor', 'inHandMinor', 'collectedCashMinor', 'depositedMinor', 'exposureMinor'];

/** A store's mark on the webhook worklist's index (functions/data/webhook-delivery.ts). */
const WEBHOOK_STORE_MARK_ATTRIBUTES = ['type', 'storeId', 'token', 'nextDueAt'];

const READ_BUCKET = RATE_BUCKET_ATTRIBUTES;
const MOVE = ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'];

/** A store's remittance worklist item (`WORK#remittance…`): the lease a worker holds, when it is next due, the remittance it is making. */
const REMITTANCE_WORK_ATTRIBUTES = ['leaseId', 'leaseUntil', 'notBefore', 'pendingRemittanceId'];
/** A remittance as it is made, payment by payment. */
const REMITTANCE_ATTRIBUTES = ['type', 'remittanceId', 'storeId', 'status', 'periodStart', 'periodEnd', 'createdAt', 'amountMinor', 'jobCount'];
/** A store's totals as a remittance credits it. */
const STORE_CREDIT_ATTRIBUTES = ['balanceMinor', 'availableMinor', 'updatedAt', 'codAwaitingMinor', 'codRemittedMinor'];

/** A UPI payment charged to its rider: the payment's line and reference marked verified. */
const UPI_CHARGE_ATTRIBUTES = ['verifiedAt', 'verifiedBy'];

/** A rider's cash account (`AGENT#<id>`/`CASH`) as a deposit changes it. */
const DEPOSIT_ATTRIBUTES = ['updatedAt', 'inHandMinor', 'exposureMinor', 'depositedMinor'];

/** What the functions that manage webhook endpoints do to the table. */
const MANAGE_WEBHOOKS: TableAccess = {
  table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
  updates: [...RATE_BUCKET_ATTRIBUTES, 'count', 'secrets', 'updatedAt', 'version', ...WEBHOOK_STORE_MARK_ATTRIBUTES],
};

/** The table actions of each kind of function (a route names its kind in the route table). */
export const ACCESS: Record<TableAccessKind, TableAccess> = {
  // The merchant authorizer: one key by its hash; no bucket (the function behind it takes the token).
  authorize: { table: ['dynamodb:GetItem'], updates: 'none', leadingKeys: ['APIKEY#*'] },
  // One item by key (the balance, a job).
  'read-item': { table: ['dynamodb:GetItem'], updates: READ_BUCKET },
  // Index partitions (Query: the zones' offers shards, a rider's assignments), then the jobs they name (BatchGet).
  'read-lists': { table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'], updates: READ_BUCKET },
  // A key range: the store's feed (the events after a cursor), the zone catalogue (the rate card).
  'read-feed': { table: ['dynamodb:GetItem', 'dynamodb:Query'], updates: READ_BUCKET },
  // The statement (GET /v1/ledger): a key range like the feed, in a role of its own, the one that may read the key that signs cursors.
  'read-ledger': { table: ['dynamodb:GetItem', 'dynamodb:Query'], updates: READ_BUCKET },
  // Webhook endpoints: read, add (with the store's endpoint count), remove, new secrets; deliveries by
  // hand (with the store's mark on the index of stores with deliveries).
  'manage-webhooks': MANAGE_WEBHOOKS,
  // Creating an endpoint and a new secret: the same, in a role of their own, the one that may read the key that seals secrets.
  'seal-webhook-secrets': { ...MANAGE_WEBHOOKS },
  // A store's API keys through the API (GET is read-lists): its list (Query) and its keys' state (BatchGet),
  // a new key's items put, a key rolled (expiresAt) or revoked (status, revokedAt), the list's version
  // raised, under the caller's key and store checks.
  'manage-api-keys': {
    table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem'],
    updates: [...RATE_BUCKET_ATTRIBUTES, 'status', 'revokedAt', 'expiresAt', 'version'],
  },
  // The webhook sender: its worklist (Query, take with a lease, remove), the endpoint and the event it
  // sends, the attempt's log line and next attempt, the endpoint's health (and its disabling event);
  // the order items of a job's first attempts at an endpoint (BatchGet, and the sequence taken off);
  // the index of stores with deliveries (a store's mark: taken off, when next due, set by a retry moved from the list of before).
  'send-webhooks': {
    table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:BatchGetItem'],
    updates: ['PK', 'SK', 'leaseUntil', 'failingSince', 'backoffUntil', 'status', 'updatedAt', 'version', 'pending', 'ttl', ...WEBHOOK_STORE_MARK_ATTRIBUTES],
  },
  // A store's jobs by key range, or by status through GSI1 and then the jobs.
  'list-jobs': { table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'], index: ['dynamodb:Query'], updates: READ_BUCKET },
  // The serviceability check: the zones (Query, as the quote's catalogue) and the request's pincodes (BatchGet of the pincode table's items); writes nothing.
  'check-serviceability': { table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'], updates: READ_BUCKET },
  // Reads the zones (Query) and puts the quote in a transaction guarded by key and store checks.
  'put-quote': { table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem'], updates: READ_BUCKET },
  // Reads the job, then puts a tracking link in a transaction guarded by key and store checks.
  'put-tracking-link': { table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem'], updates: READ_BUCKET },
  // The public tracking page: the link by its token's hash, then its job and store. No bucket (the gateway throttles it per IP).
  // The only function anyone may call without a key: it reaches the links, and the stores' jobs and records, nothing else.
  'read-tracking': { table: ['dynamodb:GetItem'], updates: 'none', leadingKeys: ['TRACK#*', 'STORE#*'] },
  // The console's session routes: a sign-in link (used once), the session, its access tokens (stored as keys) and the stores' names. No bucket (the gateway throttles them per IP).
  'manage-sessions': {
    table: ['dynamodb:GetItem', 'dynamodb:PutItem'],
    updates: [
      'PK',
      'SK',
      'usedAt',
      'expiresAt',
      'status',
      'revokedAt',
      'refreshedAt',
      'refreshHash',
      'previousRefreshHashes',
      'accessHashes',
      'mode',
      'testStoreId',
    ],
    leadingKeys: ['LOGIN#*', 'SESSION#*', 'APIKEY#*', 'STORE#*'],
  },
  // The console web app's static files (read from the function's own bundle): no item at all, only its logs.
  'serve-console': { table: [], updates: 'none' },
  // The booking transaction (store, quote, job, ledger, marker) and powertools' idempotency record,
  // which it puts, updates, and deletes when the booking fails.
  book: { table: MOVE, updates: 'any' },
  // Moves that neither move money nor change who holds the job: the job put in a transaction with the
  // fleet key's check, or (the merchant's edit) with the key's and the store's, and the move's events.
  'move-job': { table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem'], updates: READ_BUCKET },
  // Moves that change the job's index items without moving money: accept takes the job off its zone's
  // offers, puts the rider's assignment and re-files it on the dispatch worklist; confirm takes it off.
  'move-job-index': { table: MOVE, updates: [...RATE_BUCKET_ATTRIBUTES, ...HOLDING_ATTRIBUTES, ...RIDER_CASH_ATTRIBUTES] },
  // Moves that can move money (cancel, failure and the last rider's decline release; delivery and the
  // return code capture; a second failed attempt captures and reserves the return charge): also the
  // store's totals, a ledger entry, and the job's index items.
  'move-job-money': { table: MOVE, updates: 'any' },
  'deposit-cash': {
    table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem'],
    updates: [...RATE_BUCKET_ATTRIBUTES, ...DEPOSIT_ATTRIBUTES],
  },
  // The engine's doorbell: rings workers from the table's stream, the alarm queue and the sweep; it
  // reads and writes no item (its stream and queue statements are the stack's, lib/engine.ts).
  'ring-workers': { table: [], updates: 'none' },
  // Dispatch: its worklist (Query) and the jobs it names (BatchGet), moves through the one transition
  // function (the job put in a transaction with its events, its offer and index items, a timeout's
  // release of the store's credit, a rider's holding counter), items re-filed or removed.
  'dispatch-jobs': { table: [...MOVE, 'dynamodb:Query', 'dynamodb:BatchGetItem'], updates: 'any' },
  // The sandbox rider: its worklist, the jobs, every move of a delivery (a capture, a collection's
  // totals, a rider's cash account), its item's step advanced and the item removed.
  'simulate-riders': { table: [...MOVE, 'dynamodb:Query', 'dynamodb:BatchGetItem'], updates: 'any' },
  // Remittances: the stores' worklist items (a lease, the pending remittance, when next due), the
  // payments' lines read and deleted, the jobs' remit put with their events, the remittance and its
  // lines, the credit (the store's totals, a ledger entry). No job is updated in place. A UPI payment
  // unverified past UPI_VERIFY_HOURS is charged to its rider first: the job put with its event, its line and
  // reference marked, the rider's cash account and log: data/upi-verification-writes.ts).
  'remit-cash': {
    table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
    updates: [
      'PK',
      'SK',
      ...REMITTANCE_WORK_ATTRIBUTES,
      ...REMITTANCE_ATTRIBUTES,
      'creditedAt',
      'ledgerEntryId',
      ...STORE_CREDIT_ATTRIBUTES,
      ...UPI_CHARGE_ATTRIBUTES,
      ...RIDER_CASH_ATTRIBUTES,
    ],
  },
  // The event relay: the outbox (Query, removed once placed), the endpoints of the store, the store's
  // feed position, the feed and by-id events, a first delivery for each endpoint.
  'relay-events': { table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:DeleteItem'], updates: ['PK', 'SK', 'position'] },
};

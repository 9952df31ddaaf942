import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The single table's shape, defined once: the CDK stack, the local runtime and the tests all build
 * their table from this, so none of them can drift from what the repositories expect.
 */
export const TABLE = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Epoch seconds; DynamoDB deletes expired quotes, idempotency records and idle rate-limit buckets. */
  ttlAttribute: 'ttl',
  /**
   * GSI1: a store's jobs by status, newest first (keys only; list pages then read the jobs
   * themselves strongly consistent). Only job items carry GSI1PK/GSI1SK.
   */
  globalSecondaryIndexes: [{ name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK', projection: 'KEYS_ONLY' }] as ReadonlyArray<{
    name: string;
    partitionKey: string;
    sortKey: string;
    projection: 'KEYS_ONLY' | 'ALL';
  }>,
} as const;

/** The table's stream: each item as written, read by the engine's doorbell (the stack's `dynamoStream` is the same). */
export const TABLE_STREAM = { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } as const;

/**
 * CreateTable input for the table (on-demand billing, its stream), for the local runtime and tests.
 * `stream: false` only for test tables no engine reads: DynamoDB Local keeps every stream's records
 * and slows down as they pile up across a whole test run.
 */
export function createTableInput(tableName: string, options: { stream?: boolean } = {}): CreateTableCommandInput {
  const keyAttributes = [TABLE.partitionKey, TABLE.sortKey, ...TABLE.globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    // Worklist and outbox writes ring the background engine's doorbell (functions/engine/rings.ts).
    ...(options.stream !== false && { StreamSpecification: TABLE_STREAM }),
    AttributeDefinitions: [...new Set(keyAttributes)].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ],
    ...(TABLE.globalSecondaryIndexes.length > 0 && {
      GlobalSecondaryIndexes: TABLE.globalSecondaryIndexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: index.projection },
      })),
    }),
  };
}

/**
 * How many partitions each zone's offers list and each worklist are spread over. Each partition takes
 * 1,000 write units and 3,000 read units a second, so a list takes four times that; readers
 * query every shard together (one round trip). Fixed: changing it would strand the items already
 * written under the old count.
 */
export const WRITE_SHARDS = 4;

/**
 * How many partitions the event outbox (by store: a store's events stay in one partition, in the
 * order they were written) and the webhook sender's worklist (by delivery) are spread over: every
 * change of every store, and every delivery, writes there.
 */
export const OUTBOX_SHARDS = 8;

/**
 * The shard of an id among `count`: FNV-1a, so ids spread evenly and one always lands in the same
 * one (a job's index items by its id; a store's outbox by the store's id).
 */
export function shardOf(id: string, count = WRITE_SHARDS): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % count;
}

/**
 * DynamoDB's order of sort keys (their UTF-8 bytes), for merging what several partitions answered:
 * the keys are ASCII, where JavaScript's < is the same order (localeCompare is not).
 */
export const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const shards = (partition: (shard: number) => string, count = WRITE_SHARDS) => Array.from({ length: count }, (_, shard) => partition(shard));

/**
 * Key builders: every item's PK/SK comes from here. A store's own items (its record, ledger, quotes,
 * rate-limit buckets) share the store's partition, so a lookup with the caller's store id can never
 * return another store's item.
 */
export const keys = {
  store: (storeId: string) => ({ PK: `STORE#${storeId}`, SK: 'STORE' }),
  ledgerEntry: (storeId: string, createdAt: string, entryId: string) => ({
    PK: `STORE#${storeId}`,
    SK: `LEDGER#${createdAt}#${entryId}`,
  }),
  ledgerPrefix: 'LEDGER#',
  /** An operator's adjustment of the store, by its reason id: it is applied once. */
  adjustment: (storeId: string, reasonId: string) => ({ PK: `STORE#${storeId}`, SK: `ADJUSTMENT#${reasonId}` }),
  quote: (storeId: string, quoteId: string) => ({ PK: `STORE#${storeId}`, SK: `QUOTE#${quoteId}` }),
  /** Jobs sort by the store's booking counter (zero-padded), so a page of the newest is a key range. */
  job: (storeId: string, seq: number) => ({ PK: `STORE#${storeId}`, SK: `JOB#${String(seq).padStart(15, '0')}` }),
  /** A job waiting for the merchant's decision after a failed attempt (while `pendingDecision` is set). */
  jobDecision: (storeId: string, seq: number) => ({ PK: `STORE#${storeId}`, SK: `DECISION#${String(seq).padStart(15, '0')}` }),
  jobByStatus: (storeId: string, status: string, seq: number) => ({
    GSI1PK: `JOBSTATUS#${storeId}#${status}`,
    GSI1SK: String(seq).padStart(15, '0'),
  }),
  /** Job id → its store, for those who know a job only by its id (operations, the fleet). */
  jobPointer: (jobId: string) => ({ PK: `JOBREF#${jobId}`, SK: 'JOBREF' }),
  /** Events moved off a job's item when operations ended it (at that version), out of the store's job range. */
  jobHistory: (jobId: string, version: number) => ({ PK: `JOBREF#${jobId}`, SK: `HISTORY#${String(version).padStart(10, '0')}` }),
  /** A tracking link, found by the SHA-256 of its token (the table keeps no token). */
  trackingLink: (tokenHash: string) => ({ PK: `TRACK#${tokenHash}`, SK: 'TRACK' }),
  /**
   * A live job on offer to riders, in its zone's offers list, in the write shard its id hashes to;
   * longest waiting first within a shard (written with the job while it is queued).
   */
  offer: (zoneId: string, jobId: string, offeredAt: string) => ({ PK: `OFFERS#${zoneId}#${shardOf(jobId)}`, SK: `${offeredAt}#${jobId}` }),
  /** Every write shard of a zone's offers list. */
  offerPartitions: (zoneId: string) => shards((shard) => `OFFERS#${zoneId}#${shard}`),
  /** A live job a rider holds (accepted, not yet delivered or ended), for the rider's own list. */
  agentJob: (agentId: string, jobId: string) => ({ PK: `AGENT#${agentId}`, SK: `JOB#${jobId}` }),
  agentJobPrefix: 'JOB#',
  /**
   * A rider's cash account: `inHandMinor` (cash taken at doors, not yet deposited), `collectedCashMinor`,
   * `depositedMinor`, `dueMinor` (cash due on the jobs they hold) and `exposureMinor` (in hand + due,
   * what the cash limit bounds), kept in each move's own transaction.
   */
  riderCash: (agentId: string) => ({ PK: `AGENT#${agentId}`, SK: 'CASH' }),
  /** One movement of a rider's cash in hand (a collection at a door, a deposit), oldest first. */
  riderCashEntry: (agentId: string, createdAt: string, entryId: string) => ({ PK: `AGENT#${agentId}`, SK: `CASHLOG#${createdAt}#${entryId}` }),
  riderCashEntryPrefix: 'CASHLOG#',
  /** A deposit's Idempotency-Key (the deposit it recorded, its amount and reference), kept for good: a replay never deposits twice. */
  depositMarker: (agentId: string, idempotencyKey: string) => ({ PK: `AGENT#${agentId}`, SK: `DEPOSITKEY#${idempotencyKey}` }),
  /** A deposit's receipt number (trimmed, any case), kept for good: a receipt is recorded for one deposit only. */
  depositReceipt: (reference: string) => ({ PK: `DEPOSITREF#${reference.trim().toUpperCase()}`, SK: 'DEPOSITREF' }),
  /** A rider's move's Idempotency-Key on a job (the move and its fingerprint), kept for good: a replay never records twice. */
  moveKey: (jobId: string, actor: string, key: string) => ({ PK: `MOVEKEY#${jobId}#${actor}#${key}`, SK: 'MOVEKEY' }),
  /** A payment collected for the store and not yet remitted to its credit, oldest first (the remittance worker takes them by cut-off). */
  codDue: (storeId: string, collectedAt: string, jobId: string) => ({ PK: `STORE#${storeId}`, SK: `CODDUE#${collectedAt}#${jobId}` }),
  codDuePrefix: 'CODDUE#',
  /** A UPI transaction reference recorded for a payment (the job it paid), kept for good: one UPI transfer pays one job. Keyed by its 12 digits (the request schema's canonical form; older references, upper-cased). */
  upiReference: (reference: string) => ({ PK: `UPIREF#${reference.toUpperCase()}`, SK: 'UPIREF' }),
  /** A store with payments awaiting remittance, on the remittance worker's list (in the shard its id hashes to). */
  remittanceWork: (storeId: string) => ({ PK: `WORK#remittance#${shardOf(storeId, OUTBOX_SHARDS)}`, SK: storeId }),
  /**
   * A store's remittance (ids sort by creation: newest first is one Query); `pending` while its payments
   * are claimed, `credited` once its amount is in the balance.
   */
  remittance: (storeId: string, remittanceId: string) => ({ PK: `STORE#${storeId}`, SK: `REMITTANCE#${remittanceId}` }),
  remittancePrefix: 'REMITTANCE#',
  /** One payment a remittance carries (its job, amount and when it was collected). */
  remittanceLine: (storeId: string, remittanceId: string, jobId: string) => ({ PK: `STORE#${storeId}`, SK: `REMLINE#${remittanceId}#${jobId}` }),
  remittanceLinePrefix: (remittanceId: string) => `REMLINE#${remittanceId}#`,
  /** Every shard of the remittance worker's list. */
  remittanceWorkPartitions: () => shards((shard) => `WORK#remittance#${shard}`, OUTBOX_SHARDS),
  /** How many live jobs a rider holds now (`holding`), kept in each move's own transaction. */
  agentHolding: (agentId: string) => ({ PK: `AGENT#${agentId}`, SK: 'HOLDING' }),
  /**
   * A job on the dispatcher's or the simulator's worklist: one list per kind (not per zone, so an idle
   * pass reads WRITE_SHARDS partitions however many zones there are), in the write shard its id hashes
   * to, ordered by `at` (dispatch: when it next needs dispatch; the simulator: when it was booked).
   * The `WORK#<kind>` prefix is what the doorbell knows a worklist write by.
   */
  work: (kind: string, jobId: string, at: string) => ({ PK: `WORK#${kind}#${shardOf(jobId)}`, SK: `${at}#${jobId}` }),
  /** Every write shard of a worklist. */
  workPartitions: (kind: string) => shards((shard) => `WORK#${kind}#${shard}`),
  /** The per-zone shards of a worklist of before the per-kind lists: read only until found empty once (zoneWorklistsDrained). */
  zoneWorkPartitions: (kind: string, zoneId: string) => shards((shard) => `WORK#${kind}#${zoneId}#${shard}`),
  /** Records that a kind's per-zone worklists were found empty: from then on they are never read (no `WORK#` prefix: no doorbell). */
  zoneWorklistsDrained: (kind: string) => ({ PK: 'ZONEWORKLISTS', SK: `DRAINED#${kind}` }),
  /**
   * The one-partition lists from before the sharding (`OFFERS`, `WORK#<kind>`): the workers still
   * read the old worklists and move what they find to its shard, so nothing booked before an upgrade is lost.
   */
  unshardedOffer: (offeredAt: string, jobId: string) => ({ PK: 'OFFERS', SK: `${offeredAt}#${jobId}` }),
  unshardedWorkPartition: (kind: string) => `WORK#${kind}`,
  unshardedWebhookDeliveryPartition: 'WORK#webhook',
  /** The dispatch clocks (`timeoutMs`, `confirmMs`) the dispatch worklist is filed under, as the last complete tick saw them. */
  dispatchClock: { PK: 'DISPATCHCLOCK', SK: 'DISPATCHCLOCK' },
  /**
   * An event written with its change, waiting for the relay to place it in its store's feed: in its
   * store's outbox shard, oldest first, and a job's events of one moment in their sequence. The relay
   * removes it when it has placed it.
   */
  eventOutbox: (storeId: string, event: { createdAt: string; jobId: string | null; sequence: number | null; id: string }) => ({
    PK: `OUTBOX#${shardOf(storeId, OUTBOX_SHARDS)}`,
    SK: `${event.createdAt}#${event.jobId ?? '-'}#${String(event.sequence ?? 0).padStart(9, '0')}#${event.id}`,
  }),
  /** Every shard of the outbox. */
  outboxPartitions: () => shards((shard) => `OUTBOX#${shard}`, OUTBOX_SHARDS),
  /** The outbox of before the sharding: the relay still places what it holds. */
  unshardedOutboxPartition: 'OUTBOX',
  /** A store's feed: its events in the order the relay placed them, at positions 1, 2, 3 … with no gaps. */
  feedEvent: (storeId: string, position: number) => ({ PK: `STORE#${storeId}`, SK: `FEED#${String(position).padStart(15, '0')}` }),
  /** The last position given in a store's feed (`position`). */
  feedHead: (storeId: string) => ({ PK: `STORE#${storeId}`, SK: 'FEEDHEAD' }),
  /** A placed event by its id (GET /v1/events/{id}, redelivery). */
  event: (storeId: string, eventId: string) => ({ PK: `STORE#${storeId}`, SK: `EVENT#${eventId}` }),
  /** When an event was last sent to an endpoint by hand (`until`: no redelivery of the pair before then; TTL). */
  redelivery: (storeId: string, eventId: string, endpointId: string) => ({ PK: `STORE#${storeId}`, SK: `REDELIVERY#${eventId}#${endpointId}` }),
  /** A store's webhook endpoint. */
  webhookEndpoint: (storeId: string, endpointId: string) => ({ PK: `STORE#${storeId}`, SK: `WEBHOOK#${endpointId}` }),
  webhookEndpointPrefix: 'WEBHOOK#',
  /** How many webhook endpoints a store has (`count`), kept with each creation and deletion. */
  webhookCount: (storeId: string) => ({ PK: `STORE#${storeId}`, SK: 'WEBHOOKS' }),
  /** One attempt to deliver an event to an endpoint, in the endpoint's log (newest last; TTL 30 d). */
  webhookAttempt: (storeId: string, endpointId: string, attemptedAt: string, deliveryId: string, attempt: number) => ({
    PK: `STORE#${storeId}`,
    SK: `WEBHOOKLOG#${endpointId}#${attemptedAt}#${deliveryId}#${String(attempt).padStart(2, '0')}`,
  }),
  webhookAttemptPrefix: (endpointId: string) => `WEBHOOKLOG#${endpointId}#`,
  /** A delivery's next attempt, due at `dueAt`, on the webhook sender's worklist: in its store's list, due time first. */
  webhookDelivery: (storeId: string, dueAt: string, deliveryId: string) => ({ PK: `WORK#webhook#store#${storeId}`, SK: `${dueAt}#${deliveryId}` }),
  /**
   * A store with deliveries on the worklist (`token`, changed by each write that may add its first;
   * `nextDueAt`, when none is due before then, as the sender last found): one partition, read by
   * every sender pass, whose name wakes no doorbell.
   */
  webhookStore: (storeId: string) => ({ PK: 'WEBHOOKSTORES', SK: storeId }),
  webhookStoresPartition: 'WEBHOOKSTORES',
  /** The shards of the webhook worklist of before the lists by store: the sender still reads them until they are empty. */
  webhookDeliveryPartitions: () => shards((shard) => `WORK#webhook#${shard}`, OUTBOX_SHARDS),
  /** The first attempts of a job's events waiting to go to an endpoint (`pending`, their sequences), so they go in order. */
  webhookOrder: (storeId: string, endpointId: string, jobId: string) => ({ PK: `STORE#${storeId}`, SK: `WEBHOOKORDER#${endpointId}#${jobId}` }),
  /** The booking an Idempotency-Key made (fingerprint and job id), written in the booking's transaction. */
  bookingMarker: (storeId: string, idempotencyKey: string) => ({ PK: `STORE#${storeId}`, SK: `BOOKING#${idempotencyKey}` }),
  /** A store's bucket of a rate group, whatever its limit (each request brings the limit it read on the store). */
  rateBucket: (storeId: string, group: string) => ({ PK: `STORE#${storeId}`, SK: `RATE#${group}` }),
  /** A job waiting in operations' review queue (core/review.ts): one partition, oldest first across every store. */
  reviewItem: (since: string, storeId: string, jobId: string) => ({ PK: 'REVIEW', SK: `${since}#${storeId}#${jobId}` }),
  reviewPartition: 'REVIEW',
  /** API keys are found by the SHA-256 of the key, the only thing stored of it. */
  apiKeyByHash: (hash: string) => ({ PK: `APIKEY#${hash}`, SK: 'APIKEY' }),
  /** A store's key in its list (GET /v1/api-keys): id, hash, prefix, name, created; its state is the by-hash item's. */
  storeApiKey: (storeId: string, keyId: string) => ({ PK: `STORE#${storeId}`, SK: `APIKEY#${keyId}` }),
  /**
   * A store's keys' version, raised by each change of the list through the API (create, roll) so the
   * 10-key limit holds under concurrency. Its SK sorts under the list's prefix `APIKEY`: one Query reads both.
   */
  storeApiKeysVersion: (storeId: string) => ({ PK: `STORE#${storeId}`, SK: 'APIKEYS' }),
  storeApiKeyPrefix: 'APIKEY',
  /** A console sign-in link, found by the SHA-256 of its token (functions/data/session.repository.ts). */
  loginLink: (tokenHash: string) => ({ PK: `LOGIN#${tokenHash}`, SK: 'LOGIN' }),
  /** A console session (its access tokens are stored as keys, under apiKeyByHash). */
  session: (sessionId: string) => ({ PK: `SESSION#${sessionId}`, SK: 'SESSION' }),
  /** Key id -> hash, so a key can be revoked by its id. */
  apiKeyById: (keyId: string) => ({ PK: `KEY#${keyId}`, SK: 'KEY' }),
  /** Fleet keys (riders', operations'), found by the SHA-256 of the key. */
  fleetKeyByHash: (hash: string) => ({ PK: `FLEETKEY#${hash}`, SK: 'FLEETKEY' }),
  /** Fleet key id -> hash, so a fleet key can be revoked by its id. */
  fleetKeyById: (keyId: string) => ({ PK: `FLEETKEYID#${keyId}`, SK: 'FLEETKEYID' }),
  /** A fleet key's own rate-limit bucket (fleet requests are limited per key, not per store). */
  fleetRateBucket: (keyId: string) => ({ PK: `FLEETKEYID#${keyId}`, SK: 'RATE#fleet' }),
  /** The current version of every zone, in one partition: one Query loads the catalogue. */
  zoneCurrent: (zoneId: string) => ({ PK: 'ZONES', SK: `ZONE#${zoneId}` }),
  zonesPartition: 'ZONES',
  /** Every version a zone has had, kept so a quote's pinned version can always be read. */
  zoneVersion: (zoneId: string, version: number) => ({
    PK: `ZONE#${zoneId}`,
    SK: `VERSION#${String(version).padStart(6, '0')}`,
  }),
  /**
   * The pincode table (functions/data/pincode.repository.ts): one item per pincode near an active zone,
   * in one partition so an import can list and replace it; `#MANIFEST` (sorting before every digit) says
   * what it was built from.
   */
  pincodesPartition: 'PINCODES',
  pincode: (pincode: string) => ({ PK: 'PINCODES', SK: pincode }),
  pincodeManifest: { PK: 'PINCODES', SK: '#MANIFEST' },
} as const;

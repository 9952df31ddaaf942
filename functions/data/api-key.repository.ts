import { BatchGetCommand, GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Transaction } from './transaction.ts';
import { isConditionFailure } from './client.ts';
import { generateApiKey, hashApiKey, istDate, newId } from '../core/api-key.ts';
import { RecordNotFoundError } from '../core/errors.ts';
import { keys } from './table.ts';
import { TableRepository } from './repository.ts';

/** A key as stored: never the key itself, only its hash. A console access token is found the same way (`kind: 'session'`). */
export interface ApiKeyRecord {
  kind: 'key' | 'session';
  /** The key's id; for an access token, its session's id. */
  keyId: string;
  /** The console session of an access token; null for an API key. */
  sessionId: string | null;
  /** When an access token stops working; null for an API key. */
  tokenExpiresAt: string | null;
  storeId: string;
  sandbox: boolean;
  /** As stored: only a revocation writes `revoked`; a rolled key past `expiresAt` is revoked too (core/api-key.ts keyStatus). */
  status: 'active' | 'revoked';
  createdAt: string;
  revokedAt: string | null;
  /** Given in the console (1..64 characters); keys made by the admin CLI without one, and keys made before names: null. */
  name: string | null;
  /** A rolled key's end (it is revoked from then on); null until rolled. */
  expiresAt: string | null;
  /** The IST date (YYYY-MM-DD) of the key's last use, null before its first. */
  lastUsedOn: string | null;
}

/** What a new key is: its id and value, its store and mode, its name (null from the admin CLI without one). */
export interface NewApiKey {
  keyId: string;
  storeId: string;
  apiKey: string;
  sandbox: boolean;
  name?: string | null;
}

/** How much of a key is kept to recognise it by: `mdk_live_` and four of its 32 random characters. */
const KEY_PREFIX_LENGTH = 13;

/**
 * The three items of a new key, for a transaction: by hash (auth reads it; its state: status,
 * expiry, last use), by id (revocation by id), and in its store's partition (the store's list of keys,
 * GET /v1/api-keys: a Query, then its keys' state by hash).
 */
export function apiKeyPuts(tableName: string, key: NewApiKey, now: Date) {
  const createdAt = now.toISOString();
  const hash = hashApiKey(key.apiKey);
  const name = key.name ?? null;
  const prefix = key.apiKey.slice(0, KEY_PREFIX_LENGTH);
  return [
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.apiKeyByHash(hash), type: 'apiKey', keyId: key.keyId, storeId: key.storeId, sandbox: key.sandbox, status: 'active', createdAt, name },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.storeApiKey(key.storeId, key.keyId), type: 'storeApiKey', keyId: key.keyId, keyHash: hash, keyPrefix: prefix, name, createdAt },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: {
          ...keys.apiKeyById(key.keyId),
          type: 'apiKeyId',
          keyId: key.keyId,
          storeId: key.storeId,
          keyHash: hash,
          keyPrefix: prefix,
          name,
          createdAt,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/** How many key → store pairs a container remembers (a container serves a few stores' keys). */
const REMEMBERED_KEYS = 10_000;

/** A key record as the by-hash item holds it (the fields added later absent on older keys). */
export function apiKeyRecordOf(item: Record<string, unknown>): ApiKeyRecord {
  const session = item.type === 'sessionToken';
  return {
    kind: session ? 'session' : 'key',
    keyId: (session ? item.sessionId : item.keyId) as string,
    sessionId: session ? (item.sessionId as string) : null,
    tokenExpiresAt: session ? (item.expiresAt as string) : null,
    storeId: item.storeId as string,
    sandbox: (item.sandbox as boolean | undefined) ?? false,
    status: item.status as ApiKeyRecord['status'],
    createdAt: item.createdAt as string,
    revokedAt: (item.revokedAt as string | undefined) ?? null,
    name: (item.name as string | null | undefined) ?? null,
    // An access token's expiresAt is its own lifetime (tokenExpiresAt), not a rolled key's end.
    expiresAt: session ? null : ((item.expiresAt as string | undefined) ?? null),
    lastUsedOn: (item.lastUsedOn as string | undefined) ?? null,
  };
}

/** The state of the keys with these hashes (their by-hash items), 100 to a BatchGet, strongly consistent, unprocessed keys asked again. */
export async function readKeyStates(db: DynamoDBDocumentClient, tableName: string, hashes: readonly string[]): Promise<Map<string, ApiKeyRecord>> {
  const states = new Map<string, ApiKeyRecord>();
  for (let i = 0; i < hashes.length; i += 100) {
    let pending: Array<Record<string, unknown>> = hashes.slice(i, i + 100).map((hash) => keys.apiKeyByHash(hash));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      const result = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } } }));
      for (const item of result.Responses?.[tableName] ?? []) states.set((item.PK as string).slice('APIKEY#'.length), apiKeyRecordOf(item));
      pending = result.UnprocessedKeys?.[tableName]?.Keys ?? [];
    }
  }
  return states;
}

/** API keys: lookup by hash for auth (and the record of their last use); creation and revocation for the admin CLI. */
export class ApiKeyRepository extends TableRepository {
  // The store of each key hash that authenticated here: it never changes (a key is revoked, never moved).
  private readonly storeIdByHash = new Map<string, string>();
  // The IST date each key's use was last recorded by this container, so a warm container writes it once a day at most.
  private readonly usedOnByHash = new Map<string, string>();

  /** The store of a key that authenticated in this container before (its status and the store must still be read). */
  storeIdOf(hash: string): string | undefined {
    return this.storeIdByHash.get(hash);
  }

  /** Remembers which store a key that authenticated belongs to, so its next request reads the key and the store together. */
  remember(hash: string, storeId: string): void {
    if (this.storeIdByHash.size >= REMEMBERED_KEYS && !this.storeIdByHash.has(hash)) this.storeIdByHash.clear();
    this.storeIdByHash.set(hash, storeId);
  }

  /** The key stored under this hash, read strongly consistent so a revocation takes effect at once. */
  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.apiKeyByHash(hash), ConsistentRead: true }));
    return Item ? apiKeyRecordOf(Item) : null;
  }

  /**
   * Records that the key was used today (IST): one conditional UpdateItem on the key's first
   * request of the day, none when the key as read already says today or this container wrote today.
   * Another container's write of the same day makes the condition fail, which is that write's success.
   * It never fails the request: bookkeeping is not worth a refusal (a failure is tried on the next one).
   */
  async recordUse(hash: string, key: Pick<ApiKeyRecord, 'lastUsedOn'>, now: Date): Promise<void> {
    const today = istDate(now);
    if (key.lastUsedOn !== null && key.lastUsedOn >= today) return void this.noteUse(hash, key.lastUsedOn);
    if (this.usedOnByHash.get(hash) === today) return;
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.apiKeyByHash(hash),
          UpdateExpression: 'SET lastUsedOn = :today',
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(lastUsedOn) OR lastUsedOn < :today)',
          ExpressionAttributeValues: { ':today': today },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) return;
    }
    this.noteUse(hash, today);
  }

  private noteUse(hash: string, day: string): void {
    if (this.usedOnByHash.size >= REMEMBERED_KEYS && !this.usedOnByHash.has(hash)) this.usedOnByHash.clear();
    this.usedOnByHash.set(hash, day);
  }

  /** A new key for an existing store (the admin CLI's; no limit); the store's mode (live or sandbox) decides the key's prefix. */
  async create(storeId: string, now = new Date(), name: string | null = null): Promise<{ keyId: string; apiKey: string }> {
    const { Item: store } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.store(storeId), ConsistentRead: true }));
    if (!store) throw new RecordNotFoundError('store', storeId);
    const keyId = newId('key');
    const apiKey = generateApiKey(store.sandbox as boolean);
    await new Transaction()
      .add('store', { ConditionCheck: { TableName: this.tableName, Key: keys.store(storeId), ConditionExpression: 'attribute_exists(PK)' } })
      .addEach('key', apiKeyPuts(this.tableName, { keyId, storeId, apiKey, sandbox: store.sandbox as boolean, name }, now))
      .commit(this.db);
    return { keyId, apiKey };
  }

  /** The id of the key with this value, or null: an operator may revoke by the key itself. */
  async idOfKey(apiKey: string): Promise<string | null> {
    return (await this.findByHash(hashApiKey(apiKey)))?.keyId ?? null;
  }

  /** Revokes a key by id; revoking a revoked key is a no-op that reports the same result. */
  async revoke(keyId: string, now = new Date()): Promise<{ keyId: string; storeId: string; revokedAt: string }> {
    const { Item: byId } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.apiKeyById(keyId), ConsistentRead: true }));
    if (!byId) throw new RecordNotFoundError('key', keyId);
    const revokedAt = await this.revokeKeyItems(keys.apiKeyByHash(byId.keyHash as string), keys.apiKeyById(keyId), byId.revokedAt as string | undefined, now);
    return { keyId, storeId: byId.storeId as string, revokedAt };
  }
}

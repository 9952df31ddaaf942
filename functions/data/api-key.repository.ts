import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { Transaction } from './transaction.ts';
import { generateApiKey, hashApiKey, newId } from '../core/api-key.ts';
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
  status: 'active' | 'revoked';
  createdAt: string;
  revokedAt: string | null;
}

/** How much of a key is kept to recognise it by: `mdk_live_` and four of its 32 random characters. */
const KEY_PREFIX_LENGTH = 13;

/** The two items of a new key (by hash for auth, by id for revocation and listing), for a transaction. */
export function apiKeyPuts(tableName: string, key: { keyId: string; storeId: string; apiKey: string; sandbox: boolean }, now: Date) {
  const createdAt = now.toISOString();
  const hash = hashApiKey(key.apiKey);
  return [
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.apiKeyByHash(hash), type: 'apiKey', keyId: key.keyId, storeId: key.storeId, sandbox: key.sandbox, status: 'active', createdAt },
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
          keyPrefix: key.apiKey.slice(0, KEY_PREFIX_LENGTH),
          createdAt,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/** How many key → store pairs a container remembers (a container serves a few stores' keys). */
const REMEMBERED_KEYS = 10_000;

/** API keys: lookup by hash for auth; creation and revocation for the admin CLI. */
export class ApiKeyRepository extends TableRepository {
  // The store of each key hash that authenticated here: it never changes (a key is revoked, never moved).
  private readonly storeIdByHash = new Map<string, string>();

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
    if (!Item) return null;
    const session = Item.type === 'sessionToken';
    return {
      kind: session ? 'session' : 'key',
      keyId: session ? Item.sessionId : Item.keyId,
      sessionId: session ? Item.sessionId : null,
      tokenExpiresAt: session ? Item.expiresAt : null,
      storeId: Item.storeId,
      sandbox: Item.sandbox ?? false,
      status: Item.status,
      createdAt: Item.createdAt,
      revokedAt: Item.revokedAt ?? null,
    };
  }

  /** A new key for an existing store; the store's mode (live or sandbox) decides the key's prefix. */
  async create(storeId: string, now = new Date()): Promise<{ keyId: string; apiKey: string }> {
    const { Item: store } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.store(storeId), ConsistentRead: true }));
    if (!store) throw new RecordNotFoundError('store', storeId);
    const keyId = newId('key');
    const apiKey = generateApiKey(store.sandbox as boolean);
    await new Transaction()
      .add('store', { ConditionCheck: { TableName: this.tableName, Key: keys.store(storeId), ConditionExpression: 'attribute_exists(PK)' } })
      .addEach('key', apiKeyPuts(this.tableName, { keyId, storeId, apiKey, sandbox: store.sandbox as boolean }, now))
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

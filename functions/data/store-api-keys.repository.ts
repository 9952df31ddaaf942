import { generateApiKey, keyStatus, MAX_LIVE_KEYS, newId, type ApiKeyStatus } from '../core/api-key.ts';
import { ApiKeyNotFoundError, KeptChangingError, KeyLimitError, KeyNotActiveError } from '../core/errors.ts';
import { apiKeyPuts, readKeyStates, type ApiKeyRecord } from './api-key.repository.ts';
import { addGuardChecks, rethrowGuardFailure, type WriteGuard } from './guard.ts';
import { TableRepository } from './repository.ts';
import { keys } from './table.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';

/** A store's key as the API shows it (GET /v1/api-keys): its state derived at the moment it is read. */
export interface StoreApiKey {
  id: string;
  name: string | null;
  prefix: string | null;
  status: ApiKeyStatus;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedOn: string | null;
}

/** A key in its store's list, with the hash its state is kept under. */
interface Listed extends StoreApiKey {
  hash: string;
  stored: ApiKeyRecord;
}

/** The name the transaction gives the store's keys' version: its failure is a concurrent change of the list. */
const VERSION = 'version';

/**
 * A store's API keys through the API (console sessions only): the list, a new named key, a roll, a
 * revocation. At most MAX_LIVE_KEYS active or expiring: each change that adds one raises the store's
 * keys' version on the condition that it is the one the count was made at, so two concurrent
 * creations cannot both pass the limit (the loser counts again).
 */
export class StoreApiKeyRepository extends TableRepository {
  /** The store's keys, newest first: one Query (the list and its version), one BatchGet per 100 keys (their state). */
  async list(storeId: string, now = new Date()): Promise<StoreApiKey[]> {
    return (await this.read(storeId, now)).keys.map(view);
  }

  /** A new key named `name` (the secret returned once); 409 when the store would have more than MAX_LIVE_KEYS live. */
  async create(guard: WriteGuard & { sandbox: boolean }, name: string, now = new Date()): Promise<StoreApiKey & { secret: string }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const { keys: listed, version } = await this.read(guard.storeId, now);
      if (live(listed) + 1 > MAX_LIVE_KEYS) throw new KeyLimitError(MAX_LIVE_KEYS);
      const made = this.newKey(guard, name, now);
      if (await this.commit(this.versioned(guard, version).addEach('key', made.puts))) return made.key;
    }
    throw new KeptChangingError('API keys');
  }

  /**
   * A new key in place of `keyId` (same name; the secret returned once); the old one works until now +
   * `expiresInSeconds` (0: revoked now). Only an active key rolls; a roll that keeps the old key working
   * counts it with the new one against the limit.
   */
  async roll(guard: WriteGuard & { sandbox: boolean }, keyId: string, expiresInSeconds: number, now = new Date()): Promise<StoreApiKey & { secret: string }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const { keys: listed, version } = await this.read(guard.storeId, now);
      const old = listed.find((k) => k.id === keyId);
      if (!old) throw new ApiKeyNotFoundError(keyId);
      if (old.status !== 'active') throw new KeyNotActiveError(keyId, old.status);
      if (expiresInSeconds > 0 && live(listed) + 1 > MAX_LIVE_KEYS) throw new KeyLimitError(MAX_LIVE_KEYS);
      const made = this.newKey(guard, old.name, now);
      const end = new Date(now.getTime() + expiresInSeconds * 1000).toISOString();
      const ends = expiresInSeconds === 0 ? this.revocation(old, now) : this.expiry(old, end);
      if (await this.commit(this.versioned(guard, version).addAll(ends).addEach('key', made.puts))) return made.key;
    }
    throw new KeptChangingError('API keys');
  }

  /** Revokes the store's key `keyId` now (a revoked one, by hand or by its expiry, is answered as it is). */
  async revoke(guard: WriteGuard, keyId: string, now = new Date()): Promise<StoreApiKey> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const { keys: listed } = await this.read(guard.storeId, now);
      const key = listed.find((k) => k.id === keyId);
      if (!key) throw new ApiKeyNotFoundError(keyId);
      if (key.status === 'revoked') return view(key);
      if (await this.commit(addGuardChecks(new Transaction(), this.tableName, guard).addAll(this.revocation(key, now)))) {
        return { ...view(key), status: 'revoked', revokedAt: now.toISOString() };
      }
    }
    throw new KeptChangingError('API keys');
  }

  private async read(storeId: string, now: Date): Promise<{ keys: Listed[]; version: number | null }> {
    const items = await this.queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.store(storeId).PK, ':prefix': keys.storeApiKeyPrefix },
      ConsistentRead: true,
    });
    const versionItem = items.find((item) => item.SK === keys.storeApiKeysVersion(storeId).SK);
    const entries = items.filter((item) => item.type === 'storeApiKey');
    const states = await readKeyStates(
      this.db,
      this.tableName,
      entries.map((item) => item.keyHash as string),
    );
    const listed = entries.flatMap((item): Listed[] => {
      const stored = states.get(item.keyHash as string);
      if (!stored) return [];
      const { status, revokedAt } = keyStatus(stored, now);
      return [
        {
          id: item.keyId as string,
          name: stored.name,
          prefix: (item.keyPrefix as string | undefined) ?? null,
          status,
          createdAt: stored.createdAt,
          expiresAt: stored.expiresAt,
          revokedAt,
          lastUsedOn: stored.lastUsedOn,
          hash: item.keyHash as string,
          stored,
        },
      ];
    });
    listed.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    return { keys: listed, version: versionItem ? (versionItem.version as number) : null };
  }

  private newKey(guard: WriteGuard & { sandbox: boolean }, name: string | null, now: Date) {
    const keyId = newId('key');
    const secret = generateApiKey(guard.sandbox);
    const puts = apiKeyPuts(this.tableName, { keyId, storeId: guard.storeId, apiKey: secret, sandbox: guard.sandbox, name }, now);
    const key: StoreApiKey & { secret: string } = {
      id: keyId,
      name,
      prefix: secret.slice(0, 13),
      status: 'active',
      createdAt: now.toISOString(),
      expiresAt: null,
      revokedAt: null,
      lastUsedOn: null,
      secret,
    };
    return { puts, key };
  }

  // The caller's key and store checks, and the store's keys' version raised from the one the count was made at.
  private versioned(guard: WriteGuard, version: number | null): Transaction {
    return addGuardChecks(new Transaction(), this.tableName, guard).add(VERSION, {
      Update: {
        TableName: this.tableName,
        Key: keys.storeApiKeysVersion(guard.storeId),
        UpdateExpression: 'SET version = :next',
        ConditionExpression: version === null ? 'attribute_not_exists(PK)' : 'version = :read',
        ExpressionAttributeValues: { ':next': (version ?? 0) + 1, ...(version !== null && { ':read': version }) },
      },
    });
  }

  // A key revoked now: its by-hash item (auth reads it) and its by-id item, on the condition it is still active and unexpired.
  private revocation(key: Listed, now: Date) {
    const at = now.toISOString();
    return [
      {
        name: `revoke:${key.id}`,
        item: {
          Update: {
            TableName: this.tableName,
            Key: keys.apiKeyByHash(key.hash),
            UpdateExpression: 'SET #status = :revoked, revokedAt = :now',
            ConditionExpression: '#status = :active AND (attribute_not_exists(expiresAt) OR expiresAt > :now)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':revoked': 'revoked', ':active': 'active', ':now': at },
          },
        },
      },
      {
        name: `revoke-id:${key.id}`,
        item: {
          Update: {
            TableName: this.tableName,
            Key: keys.apiKeyById(key.id),
            UpdateExpression: 'SET revokedAt = :now',
            ExpressionAttributeValues: { ':now': at },
          },
        },
      },
    ];
  }

  // A rolled key's end: it keeps working until `end`, on the condition it is still active and not rolled before.
  private expiry(key: Listed, end: string) {
    return [
      {
        name: `expire:${key.id}`,
        item: {
          Update: {
            TableName: this.tableName,
            Key: keys.apiKeyByHash(key.hash),
            UpdateExpression: 'SET expiresAt = :end',
            ConditionExpression: '#status = :active AND attribute_not_exists(expiresAt)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':active': 'active', ':end': end },
          },
        },
      },
      {
        name: `expire-id:${key.id}`,
        item: {
          Update: {
            TableName: this.tableName,
            Key: keys.apiKeyById(key.id),
            UpdateExpression: 'SET expiresAt = :end',
            ExpressionAttributeValues: { ':end': end },
          },
        },
      },
    ];
  }

  // True when committed; false when the list changed meanwhile (count again); the caller's key or store lost access: 403.
  private async commit(tx: Transaction): Promise<boolean> {
    try {
      await tx.commit(this.db);
      return true;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      rethrowGuardFailure(error);
      return false;
    }
  }
}

function live(listed: readonly Listed[]): number {
  return listed.filter((k) => k.status !== 'revoked').length;
}

function view(key: Listed): StoreApiKey {
  const { hash: _hash, stored: _stored, ...shown } = key;
  return shown;
}

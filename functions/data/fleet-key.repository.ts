import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { Transaction } from './transaction.ts';
import { hashApiKey, newId } from '../core/api-key.ts';
import { RecordNotFoundError } from '../core/errors.ts';
import { generateFleetKey, type FleetRole } from '../core/fleet-access.ts';
import { keys } from './table.ts';
import { TableRepository } from './repository.ts';
import type { TransactItem } from './transaction.ts';

/** A fleet key as stored: never the key itself, only its hash. Rider keys are bound to one agent id. */
export interface FleetKeyRecord {
  keyId: string;
  role: FleetRole;
  agentId: string | null;
  status: 'active' | 'revoked';
  createdAt: string;
  revokedAt: string | null;
}

/** Fleet keys: lookup by hash for the fleet API; creation and revocation for the admin CLI. */
export class FleetKeyRepository extends TableRepository {
  /** The key stored under this hash, read strongly consistent so a revocation takes effect at once. */
  async findByHash(hash: string): Promise<FleetKeyRecord | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.fleetKeyByHash(hash), ConsistentRead: true }));
    if (!Item) return null;
    return {
      keyId: Item.keyId,
      role: Item.role,
      agentId: Item.agentId ?? null,
      status: Item.status,
      createdAt: Item.createdAt,
      revokedAt: Item.revokedAt ?? null,
    };
  }

  /** A new key for a rider (bound to `agentId`, a new one if not given) or for operations. */
  async create(
    role: FleetRole,
    agentId: string | null,
    now = new Date(),
  ): Promise<{ keyId: string; fleetKey: string; role: FleetRole; agentId: string | null }> {
    const keyId = newId('fleetkey');
    const fleetKey = generateFleetKey(role);
    const hash = hashApiKey(fleetKey);
    const agent = role === 'rider' ? (agentId ?? newId('rider')) : null;
    const createdAt = now.toISOString();
    const tx = new Transaction()
      .addEach('also', this.alsoWritten(agent, createdAt))
      .add('byHash', {
        Put: {
          TableName: this.tableName,
          Item: { ...keys.fleetKeyByHash(hash), type: 'fleetKey', keyId, role, agentId: agent, status: 'active', createdAt },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      })
      .add('byId', {
        Put: {
          TableName: this.tableName,
          Item: { ...keys.fleetKeyById(keyId), type: 'fleetKeyId', keyId, role, agentId: agent, keyHash: hash, createdAt },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      });
    // A rider's own item (AGENT#<id>/RIDER), so operations' reads of an agent id that never had a key can say so (404 rider_not_found).
    if (agent !== null)
      tx.add('rider', { Put: { TableName: this.tableName, Item: { PK: keys.riderCash(agent).PK, SK: 'RIDER', type: 'rider', agentId: agent, createdAt } } });
    await tx.commit(this.db);
    return { keyId, fleetKey, role, agentId: agent };
  }

  /** What a new key's transaction also writes (nothing here; operations' runtime lists the rider: directories.ts). */
  protected alsoWritten(_agentId: string | null, _at: string): TransactItem[] {
    return [];
  }

  /** Revokes a fleet key by id; revoking a revoked key is a no-op that reports the same result. */
  async revoke(keyId: string, now = new Date()): Promise<{ keyId: string; revokedAt: string }> {
    const { Item: byId } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.fleetKeyById(keyId), ConsistentRead: true }));
    if (!byId) throw new RecordNotFoundError('fleet key', keyId);
    const revokedAt = await this.revokeKeyItems(
      keys.fleetKeyByHash(byId.keyHash as string),
      keys.fleetKeyById(keyId),
      byId.revokedAt as string | undefined,
      now,
    );
    return { keyId, revokedAt };
  }
}

/** The ConditionCheck that makes a fleet write fail (403) if its key was revoked while it ran. */
export function fleetKeyCheck(tableName: string, keyHash: string) {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.fleetKeyByHash(keyHash),
      ConditionExpression: '#status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':active': 'active' },
    },
  };
}

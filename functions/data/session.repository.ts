import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  type AccessEntry,
  ACCESS_TOKEN_TTL_MS,
  accessTokenExpiry,
  actingStoreId,
  hashToken,
  LOGIN_LINK_TTL_MS,
  newAccessToken,
  newLoginToken,
  newRefreshToken,
  newSessionId,
  rotatedHistory,
  SESSION_ABSOLUTE_MS,
  type SessionMode,
  type SessionRecord,
} from '../core/session.ts';
import { RecordNotFoundError } from '../core/errors.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';
import { keys } from './table.ts';
import { isConditionFailure } from './client.ts';
import { TableRepository } from './repository.ts';

/** What a sign-in, refresh or mode switch hands the app: the new tokens and the session as it now is. */
export interface IssuedTokens {
  session: SessionRecord;
  accessToken: string;
  accessTokenExpiresAt: string;
  refreshToken: string;
}

const epochSeconds = (iso: string) => Math.ceil(Date.parse(iso) / 1000);

function toSession(item: Record<string, unknown>): SessionRecord {
  return {
    id: item.sessionId as string,
    storeId: item.storeId as string,
    testStoreId: (item.testStoreId as string | null | undefined) ?? null,
    mode: item.mode as SessionMode,
    status: item.status as SessionRecord['status'],
    createdAt: item.createdAt as string,
    expiresAt: item.expiresAt as string,
    refreshedAt: item.refreshedAt as string,
    refreshHash: item.refreshHash as string,
    previousRefreshHashes: (item.previousRefreshHashes as string[] | undefined) ?? [],
    access: (item.accessHashes as AccessEntry[] | undefined) ?? [],
  };
}

/** Sign-in links, console sessions and their access tokens (the tokens stored as keys, by hash). */
export class SessionRepository extends TableRepository {
  private readonly accessTokenTtlMs: number;

  /** `accessTokenTtlMs`: an access token's lifetime (CONSOLE_ACCESS_TOKEN_SECONDS; 15 minutes by default). */
  constructor(db: DynamoDBDocumentClient, tableName: string, accessTokenTtlMs = ACCESS_TOKEN_TTL_MS) {
    super(db, tableName);
    this.accessTokenTtlMs = accessTokenTtlMs;
  }

  /** A new sign-in link's token for an existing store, stored hashed, usable once for 15 minutes. */
  async createLoginLink(storeId: string, now = new Date()): Promise<{ token: string; expiresAt: string }> {
    const { Item: store } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.store(storeId), ConsistentRead: true }));
    if (!store) throw new RecordNotFoundError('store', storeId);
    const token = newLoginToken();
    const expiresAt = new Date(now.getTime() + LOGIN_LINK_TTL_MS).toISOString();
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { ...keys.loginLink(hashToken(token)), type: 'loginLink', storeId, createdAt: now.toISOString(), expiresAt, ttl: epochSeconds(expiresAt) },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return { token, expiresAt };
  }

  /** Marks a sign-in link used and answers its store; null when it is unknown, used or expired (one conditional update). */
  async consumeLoginLink(token: string, now = new Date()): Promise<string | null> {
    try {
      const { Attributes } = await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.loginLink(hashToken(token)),
          UpdateExpression: 'SET usedAt = :now',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(usedAt) AND expiresAt > :now',
          ExpressionAttributeValues: { ':now': now.toISOString() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return (Attributes?.storeId as string | undefined) ?? null;
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  }

  /** The session with this id, read strongly consistent (a rotation or revocation counts at once). */
  async get(sessionId: string): Promise<SessionRecord | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.session(sessionId), ConsistentRead: true }));
    return Item ? toSession(Item) : null;
  }

  /** A new session for the store a link was for, in its mode (a sandbox store's session is in test mode), with its first tokens. */
  async create(input: { storeId: string; testStoreId: string | null; mode: SessionMode }, now = new Date()): Promise<IssuedTokens> {
    const id = newSessionId();
    const createdAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString();
    const refreshToken = newRefreshToken(id);
    const session: SessionRecord = {
      id,
      ...input,
      status: 'active',
      createdAt,
      expiresAt,
      refreshedAt: createdAt,
      refreshHash: hashToken(refreshToken),
      previousRefreshHashes: [],
      access: [],
    };
    const access = this.accessPut(session, now);
    const { access: _none, ...stored } = session;
    const item = { ...keys.session(id), type: 'session', sessionId: id, ...stored, accessHashes: [access.entry], ttl: epochSeconds(expiresAt) };
    await new Transaction()
      .add('session', { Put: { TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } })
      .add('access', access.put)
      .commit(this.db);
    return {
      session: { ...session, access: [access.entry] },
      accessToken: access.token,
      accessTokenExpiresAt: access.entry.expiresAt,
      refreshToken,
    };
  }

  /**
   * Rotates the session's refresh token (conditional on the one presented still being current) and
   * issues a new access token; with `mode` (a mode switch) the session moves to it and every access
   * token it had is revoked in the same transaction. Null when another request rotated it first.
   */
  async rotate(session: SessionRecord, now: Date, change?: { mode: SessionMode; testStoreId: string | null }): Promise<IssuedTokens | null> {
    const refreshToken = newRefreshToken(session.id);
    const next: SessionRecord = {
      ...session,
      ...change,
      refreshedAt: now.toISOString(),
      refreshHash: hashToken(refreshToken),
      previousRefreshHashes: rotatedHistory(session),
    };
    // The tokens as read with the session: the rotation below is conditional on the refresh token read with
    // them, so a rotation in between (which could have added one) fails it rather than losing a token.
    // Ended tokens leave the list (their items go with their TTL); a mode switch revokes the live ones.
    const live = session.access.filter((entry) => Date.parse(entry.expiresAt) > now.getTime());
    const kept = change ? [] : live;
    const access = this.accessPut(next, now);
    const transaction = new Transaction().add('session', {
      Update: {
        TableName: this.tableName,
        Key: keys.session(session.id),
        UpdateExpression:
          'SET refreshedAt = :now, refreshHash = :new, previousRefreshHashes = :previous, accessHashes = :access, #mode = :mode, testStoreId = :twin',
        ConditionExpression: 'refreshHash = :old AND #status = :active',
        ExpressionAttributeNames: { '#mode': 'mode', '#status': 'status' },
        ExpressionAttributeValues: {
          ':now': next.refreshedAt,
          ':new': next.refreshHash,
          ':old': session.refreshHash,
          ':active': 'active',
          ':previous': next.previousRefreshHashes,
          ':access': [...kept, access.entry],
          ':mode': next.mode,
          ':twin': next.testStoreId,
        },
      },
    });
    transaction.add('access', access.put);
    if (change)
      transaction.addEach(
        'revoke',
        live.map((entry) => this.revokeAccess(entry.hash, now)),
      );
    try {
      await transaction.commit(this.db);
    } catch (error) {
      if (error instanceof TransactionCancelled && error.failed('session')) return null;
      throw error;
    }
    return { session: { ...next, access: [...kept, access.entry] }, accessToken: access.token, accessTokenExpiresAt: access.entry.expiresAt, refreshToken };
  }

  /** Revokes a session and every access token it may still have live; revoking a revoked session changes nothing. */
  async revoke(sessionId: string, now = new Date()): Promise<void> {
    const stored = await this.storedAccess(sessionId);
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.session(sessionId),
        UpdateExpression: 'SET #status = :revoked, revokedAt = if_not_exists(revokedAt, :now)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':revoked': 'revoked', ':now': now.toISOString() },
      }),
    );
    // Each token on its own: a token already gone (its TTL passed) must not stop the others.
    await Promise.all(
      stored.map(async (entry) => {
        try {
          await this.db.send(new UpdateCommand(this.revokeAccess(entry.hash, now).Update));
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
      }),
    );
  }

  // The access tokens as stored on the session (with their ends).
  private async storedAccess(sessionId: string): Promise<AccessEntry[]> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.session(sessionId), ConsistentRead: true }));
    return (Item?.accessHashes as AccessEntry[] | undefined) ?? [];
  }

  // A new access token for the store the session acts for in its mode, stored like an API key.
  private accessPut(session: SessionRecord, now: Date) {
    const token = newAccessToken();
    const hash = hashToken(token);
    const expiresAt = accessTokenExpiry(session, now, this.accessTokenTtlMs);
    const put = {
      Put: {
        TableName: this.tableName,
        Item: {
          ...keys.apiKeyByHash(hash),
          type: 'sessionToken',
          storeId: actingStoreId(session),
          sessionId: session.id,
          status: 'active',
          createdAt: now.toISOString(),
          expiresAt,
          ttl: epochSeconds(expiresAt),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
    return { token, entry: { hash, expiresAt }, put };
  }

  private revokeAccess(hash: string, now: Date) {
    return {
      Update: {
        TableName: this.tableName,
        Key: keys.apiKeyByHash(hash),
        UpdateExpression: 'SET #status = :revoked, revokedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':revoked': 'revoked', ':now': now.toISOString() },
      },
    };
  }
}

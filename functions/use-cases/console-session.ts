/**
 * Console sessions: sign-in with a link, refresh, mode switch and sign-out, over the session
 * repository and the stores. The rules themselves are functions/core/session.ts.
 */
import { LoginLinkInvalidError, NoLiveStoreError, NoTestStoreError, SessionExpiredError, SessionRevokedError } from '../core/errors.ts';
import { parseRefreshToken, refreshVerdict, type SessionMode, type SessionRecord, type SessionView } from '../core/session.ts';
import type { Store } from '../core/store.ts';
import type { IssuedTokens, SessionRepository } from '../data/session.repository.ts';
import type { StoreRepository } from '../data/store.repository.ts';

/** What the session use cases need. */
export interface SessionPorts {
  stores: Pick<StoreRepository, 'get'>;
  sessions: SessionRepository;
}

/** Tokens issued and the session as the app sees it. */
export interface SessionAnswer {
  tokens: IssuedTokens;
  view: SessionView;
}

/** Signs in with a sign-in link's token: an unknown, used or expired one is one refusal. */
export async function signIn(rt: SessionPorts, loginToken: string, now: Date): Promise<SessionAnswer> {
  const storeId = await rt.sessions.consumeLoginLink(loginToken, now);
  const store = storeId ? await rt.stores.get(storeId) : null;
  if (!store) throw new LoginLinkInvalidError();
  const tokens = await rt.sessions.create(
    { storeId: store.id, testStoreId: store.sandbox ? null : store.testStoreId, mode: store.sandbox ? 'test' : 'live' },
    now,
  );
  return { tokens, view: await viewOf(rt, tokens.session, store) };
}

/** Rotates the refresh token of the cookie; an old one presented again revokes the session. */
export async function refresh(rt: SessionPorts, refreshToken: string | null, now: Date): Promise<SessionAnswer> {
  const session = await currentSession(rt, refreshToken, now);
  const tokens = await rt.sessions.rotate(session, now);
  // Another request rotated the same token a moment before: that is two uses of one token.
  if (!tokens) return revokeForReuse(rt, session.id, now);
  return { tokens, view: await viewOf(rt, tokens.session) };
}

/** Moves the session to live or test mode: a new access token for that store, every earlier one revoked. */
export async function switchMode(rt: SessionPorts, refreshToken: string | null, mode: SessionMode, now: Date): Promise<SessionAnswer> {
  const session = await currentSession(rt, refreshToken, now);
  const store = await rt.stores.get(session.storeId);
  if (!store) throw new SessionExpiredError();
  if (mode === 'live' && store.sandbox) throw new NoLiveStoreError();
  const testStoreId = store.sandbox ? null : store.testStoreId;
  if (mode === 'test' && !store.sandbox && !testStoreId) throw new NoTestStoreError();
  const tokens = await rt.sessions.rotate(session, now, { mode, testStoreId });
  if (!tokens) return revokeForReuse(rt, session.id, now);
  return { tokens, view: await viewOf(rt, tokens.session, store) };
}

/** Signs out: the session of the cookie (its current or a past refresh token) is revoked; no cookie, nothing to do. */
export async function signOut(rt: SessionPorts, refreshToken: string | null, now: Date): Promise<void> {
  const parsed = refreshToken ? parseRefreshToken(refreshToken) : null;
  if (!parsed) return;
  const session = await rt.sessions.get(parsed.sessionId);
  if (session && (session.refreshHash === parsed.hash || session.previousRefreshHashes.includes(parsed.hash))) await rt.sessions.revoke(session.id, now);
}

// The session a refresh token names, when the token is its current one and it is live; reuse revokes it.
async function currentSession(rt: SessionPorts, refreshToken: string | null, now: Date): Promise<SessionRecord> {
  const parsed = refreshToken ? parseRefreshToken(refreshToken) : null;
  if (!parsed) throw new SessionExpiredError();
  const session = await rt.sessions.get(parsed.sessionId);
  const verdict = refreshVerdict(session, parsed.hash, now);
  if (verdict === 'reuse') return revokeForReuse(rt, session!.id, now);
  if (verdict === 'revoked') throw new SessionRevokedError();
  if (verdict === 'expired') throw new SessionExpiredError();
  return session!;
}

async function revokeForReuse(rt: SessionPorts, sessionId: string, now: Date): Promise<never> {
  await rt.sessions.revoke(sessionId, now);
  throw new SessionRevokedError();
}

// The session as the app sees it: the stores' names read now (a store renamed shows at the next refresh).
async function viewOf(rt: SessionPorts, session: SessionRecord, known?: Store): Promise<SessionView> {
  const store = known?.id === session.storeId ? known : await rt.stores.get(session.storeId);
  const twin = session.testStoreId ? await rt.stores.get(session.testStoreId) : null;
  return {
    id: session.id,
    mode: session.mode,
    store: { id: session.storeId, name: store?.name ?? '' },
    testStore: twin ? { id: twin.id, name: twin.name } : null,
  };
}

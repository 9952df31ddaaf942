/**
 * Console sessions: sign-in with a link, refresh, mode switch and sign-out, over the session
 * repository and the stores. The rules themselves are functions/core/session.ts.
 */
import { ApiAccessDisabledError, LoginLinkInvalidError, NoLiveStoreError, NoTestStoreError, SessionExpiredError, SessionRevokedError } from '../core/errors.ts';
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
  const mode: SessionMode = store.sandbox ? 'test' : 'live';
  const twin = store.sandbox || !store.testStoreId ? null : await rt.stores.get(store.testStoreId);
  assertActingStoreOn({ mode, store, twin });
  const tokens = await rt.sessions.create({ storeId: store.id, testStoreId: twin?.id ?? null, mode }, now);
  return { tokens, view: viewOf(tokens.session, { store, twin }) };
}

/** Rotates the refresh token of the cookie; an old one presented again revokes the session. */
export async function refresh(rt: SessionPorts, refreshToken: string | null, now: Date): Promise<SessionAnswer> {
  let session = await currentSession(rt, refreshToken, now);
  const stores = await storesOf(rt, session);
  assertActingStoreOn({ mode: session.mode, ...stores });
  let tokens = await rt.sessions.rotate(session, now);
  if (!tokens) {
    // Another request rotated the same token a moment before (a second tab without Web Locks, a retried
    // request): read again, the token is now the one that rotation replaced, a retry within its grace.
    session = await currentSession(rt, refreshToken, now);
    tokens = await rt.sessions.rotate(session, now);
  }
  if (!tokens) return revokeForReuse(rt, session.id, now);
  return { tokens, view: viewOf(tokens.session, stores) };
}

/** Moves the session to live or test mode: a new access token for that store, every earlier one revoked. */
export async function switchMode(rt: SessionPorts, refreshToken: string | null, mode: SessionMode, now: Date): Promise<SessionAnswer> {
  const session = await currentSession(rt, refreshToken, now);
  const { store, twin } = await storesOf(rt, session, { twinOfStore: true });
  if (mode === 'live' && store.sandbox) throw new NoLiveStoreError();
  if (mode === 'test' && !store.sandbox && !twin) throw new NoTestStoreError();
  assertActingStoreOn({ mode, store, twin });
  const tokens = await rt.sessions.rotate(session, now, { mode, testStoreId: store.sandbox ? null : (twin?.id ?? null) });
  if (!tokens) return revokeForReuse(rt, session.id, now);
  return { tokens, view: viewOf(tokens.session, { store, twin }) };
}

/** Signs out: the session of the cookie (its current or a past refresh token) is revoked; no cookie, nothing to do. */
export async function signOut(rt: SessionPorts, refreshToken: string | null, now: Date): Promise<void> {
  const parsed = refreshToken ? parseRefreshToken(refreshToken) : null;
  if (!parsed) return;
  const session = await rt.sessions.get(parsed.sessionId);
  if (session && (session.refreshHash === parsed.hash || session.previousRefreshHashes.includes(parsed.hash))) await rt.sessions.revoke(session.id, now);
}

// The session a refresh token names, when the token is its current one (or the one its last rotation
// replaced, a moment ago: a retry) and it is live; reuse revokes it.
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

// The store a session was signed in to and its twin, each read once: the one it names, or with
// `twinOfStore` the one the store names now (a mode switch follows a link made since sign-in).
async function storesOf(rt: SessionPorts, session: SessionRecord, options: { twinOfStore?: boolean } = {}): Promise<{ store: Store; twin: Store | null }> {
  const store = await rt.stores.get(session.storeId);
  if (!store) throw new SessionExpiredError();
  const twinId = options.twinOfStore ? (store.sandbox ? null : store.testStoreId) : session.testStoreId;
  return { store, twin: twinId ? await rt.stores.get(twinId) : null };
}

// The console acts for the store of its mode; with that store's API access off, nothing could work.
function assertActingStoreOn({ mode, store, twin }: { mode: SessionMode; store: Store; twin: Store | null }): void {
  const acting = mode === 'test' && !store.sandbox ? twin : store;
  if (acting && !acting.apiEnabled) throw new ApiAccessDisabledError();
}

// The session as the app sees it: the stores' names as read now (a store renamed shows at the next refresh).
function viewOf(session: SessionRecord, { store, twin }: { store: Store; twin: Store | null }): SessionView {
  return {
    id: session.id,
    mode: session.mode,
    store: { id: store.id, name: store.name },
    testStore: twin ? { id: twin.id, name: twin.name } : null,
  };
}

import { useEffect, useState } from 'preact/hooks';
import { basePath } from './base.ts';

/** The session routes' `session`: the store the sign-in link was for, its sandbox twin, the mode it acts in. */
export interface Session {
  id: string;
  mode: 'live' | 'test';
  store: { id: string; name: string };
  testStore: { id: string; name: string } | null;
}

interface SessionAnswer {
  accessToken: string;
  accessTokenExpiresAt: string;
  session: Session;
}

/** Where the app stands: signing in, signed in, signed out (and why), or the store's API access switched off. */
export type SessionState =
  | { kind: 'starting' }
  | { kind: 'signed-in'; session: Session; epoch: number }
  | { kind: 'signed-out'; reason: 'no-session' | 'link-invalid' | 'revoked' | 'signed-out' }
  | { kind: 'api-off' };

// The access token lives in this module's memory only: never in storage, never in the URL.
let token: { value: string; expiresAt: number; renewAt: number } | null = null;
let state: SessionState = { kind: 'starting' };
let epoch = 0;
const listeners = new Set<(next: SessionState) => void>();
let refreshing: Promise<void> | null = null;

/** Where a deep link waits while its visitor signs in. */
const AFTER_SIGN_IN = 'console:after-sign-in';
/** How long before its end the app renews an access token: 5 s, or a quarter of a shorter lifetime. */
const RENEW_MARGIN_MS = 5_000;

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener(next);
}

/** The session state, re-rendering on change. */
export function useSession(): SessionState {
  const [current, setCurrent] = useState(state);
  useEffect(() => {
    listeners.add(setCurrent);
    setCurrent(state);
    return () => void listeners.delete(setCurrent);
  }, []);
  return current;
}

/** The session, for code outside components (null unless signed in). */
export function currentSession(): Session | null {
  return state.kind === 'signed-in' ? state.session : null;
}

class SessionRouteError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

/** Calls a session route: same origin, the refresh cookie, and X-Console (which a cross-site form cannot send). */
async function sessionRoute(method: string, path: string, body?: unknown): Promise<SessionAnswer | null> {
  const response = await fetch(`${basePath()}/console/v1/sessions${path}`, {
    method,
    headers: { 'X-Console': '1', Accept: 'application/json', ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    credentials: 'same-origin',
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (response.status === 204) return null;
  const answer = (await response.json().catch(() => ({}))) as Partial<SessionAnswer> & { code?: string };
  if (!response.ok) throw new SessionRouteError(response.status, answer.code ?? `http_${response.status}`);
  return answer as SessionAnswer;
}

function signedIn(answer: SessionAnswer, remount: boolean): void {
  const expiresAt = Date.parse(answer.accessTokenExpiresAt);
  token = { value: answer.accessToken, expiresAt, renewAt: expiresAt - Math.min(RENEW_MARGIN_MS, (expiresAt - Date.now()) / 4) };
  if (remount || state.kind !== 'signed-in') epoch += 1;
  setState({ kind: 'signed-in', session: answer.session, epoch });
}

function signedOut(reason: Extract<SessionState, { kind: 'signed-out' }>['reason']): void {
  token = null;
  setState({ kind: 'signed-out', reason });
}

/**
 * Renews the access token with the refresh cookie (which rotates). One refresh at a time in this tab,
 * and across tabs (Web Locks): two tabs presenting the same refresh token would look like a stolen one
 * being replayed, and the server would end the session.
 */
export function refreshAccess(): Promise<void> {
  refreshing ??= (async () => {
    const run = async () => {
      try {
        signedIn((await sessionRoute('POST', '/refresh'))!, false);
      } catch (error) {
        const code = error instanceof SessionRouteError ? error.code : null;
        if (code === 'api_access_disabled') reportApiOff();
        else signedOut(code === 'session_revoked' ? 'revoked' : 'no-session');
        throw error;
      }
    };
    try {
      if (navigator.locks) await navigator.locks.request('console-refresh', run);
      else await run();
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** The access token to send, renewed first when it is about to end. */
export async function accessToken(): Promise<string> {
  if (token === null || Date.now() >= token.renewAt) await refreshAccess();
  return token!.value;
}

/** The store's API access is off: the app shows one full-page notice instead of failing page by page. */
export function reportApiOff(): void {
  setState({ kind: 'api-off' });
}

/**
 * Starts the app's session: a sign-in link's token (from the fragment, which no server log ever sees) is
 * exchanged once; otherwise the refresh cookie renews a session that exists. A page opened signed out is
 * remembered and opened after sign-in.
 * @returns the path to show once signed in, if it is not the current one.
 */
export async function startSession(appPath: string): Promise<string | null> {
  const loginToken = new URLSearchParams(location.hash.slice(1)).get('t');
  if (appPath === '/login' && loginToken) {
    // The token leaves the address bar (and the history) before anything else runs.
    history.replaceState(null, '', location.pathname);
    try {
      signedIn((await sessionRoute('POST', '', { loginToken }))!, true);
    } catch (error) {
      if (error instanceof SessionRouteError && error.code === 'api_access_disabled') reportApiOff();
      else signedOut('link-invalid');
      return null;
    }
    const next = sessionStorage.getItem(AFTER_SIGN_IN);
    sessionStorage.removeItem(AFTER_SIGN_IN);
    return next ?? '/attention';
  }
  try {
    await refreshAccess();
  } catch {
    if (appPath !== '/login') sessionStorage.setItem(AFTER_SIGN_IN, appPath + location.search);
    return null;
  }
  return appPath === '/login' ? '/attention' : null;
}

/** Acts for the live store or its sandbox twin: a new access token, and every page's state dropped (test and live never mix). */
export async function switchMode(mode: Session['mode']): Promise<void> {
  signedIn((await sessionRoute('POST', '/mode', { mode }))!, true);
}

/** Ends the session on the server and here. */
export async function signOut(): Promise<void> {
  try {
    await sessionRoute('DELETE', '/current');
  } finally {
    signedOut('signed-out');
  }
}

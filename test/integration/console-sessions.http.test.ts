import { describe, expect, it } from 'vitest';
import { hashToken } from '../../functions/core/session.ts';
import { signIn } from '../../functions/use-cases/console-session.ts';
import { consoleHeaders, consoleSession, cookieOf } from '../helpers/console.ts';
import { bengaluruQuote, bookingBody, bookingHeaders, createStore } from '../helpers/fixtures.ts';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';

const api = useLocalApi();

const MINUTE = 60_000;
const post = (path: string, body: unknown, headers: Record<string, string> = consoleHeaders()) =>
  api.server.request(path, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
const balance = (accessToken: string) => api.server.request('/v1/balance', { headers: { 'X-Api-Key': accessToken } });
const refresh = (cookie: string) => post('/console/v1/sessions/refresh', undefined, consoleHeaders(cookie));
const switchMode = (cookie: string, mode: string) => post('/console/v1/sessions/mode', { mode }, consoleHeaders(cookie));

async function liveStoreWithTwin() {
  const live = await createStore(api.table.rt, { name: 'Chai Point' });
  const twin = await createStore(api.table.rt, { name: 'Chai Point (test)', sandbox: true });
  await api.table.rt.stores.linkSandbox(live.storeId, twin.storeId);
  return { live, twin };
}

describe('POST /console/v1/sessions', () => {
  it('signs in with a link once: 201 with an access token, the session and the refresh cookie; the same link then gets 401', async () => {
    const { storeId } = await createStore(api.table.rt, { name: 'Dosa Corner' });
    const { token } = await api.table.rt.sessions.createLoginLink(storeId);

    const first = await post('/console/v1/sessions', { loginToken: token });
    const second = await post('/console/v1/sessions', { loginToken: token });

    const { status, body } = await readResponse(first);
    expect(status).toBe(201);
    expect(body).toEqual({
      accessToken: expect.stringMatching(/^mdk_sess_[0-9A-Za-z]{43}$/),
      accessTokenExpiresAt: expect.any(String),
      session: { id: expect.stringMatching(/^sess_[0-9A-Za-z]{20}$/), mode: 'live', store: { id: storeId, name: 'Dosa Corner' }, testStore: null },
    });
    expect(Date.parse((body as { accessTokenExpiresAt: string }).accessTokenExpiresAt) - Date.now()).toBeGreaterThan(14 * MINUTE);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await readResponse(second)).toMatchObject({ status: 401, body: { code: 'login_link_invalid', error: expect.any(String) } });
  });

  it('sets the refresh cookie HttpOnly, SameSite=Strict, Path=/, for the session’s 12 hours, under its plain name over http', async () => {
    const { storeId } = await createStore(api.table.rt);
    const { token } = await api.table.rt.sessions.createLoginLink(storeId);

    const response = await post('/console/v1/sessions', { loginToken: token });

    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^console_refresh=sess_[0-9A-Za-z]{20}\.[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/; Max-Age=\d+$/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)![1])).toBeGreaterThan(12 * 3600 - 60);
    expect(cookie).not.toContain('Secure');
  });

  it('refuses an expired link, an unknown one and a malformed body', async () => {
    const { storeId } = await createStore(api.table.rt);
    const expired = await api.table.rt.sessions.createLoginLink(storeId, new Date(Date.now() - 16 * MINUTE));

    const stale = await readResponse(await post('/console/v1/sessions', { loginToken: expired.token }));
    const unknown = await readResponse(await post('/console/v1/sessions', { loginToken: 'A'.repeat(43) }));
    const missing = await readResponse(await post('/console/v1/sessions', { token: 'x' }));
    const notJson = await readResponse(await api.server.request('/console/v1/sessions', { method: 'POST', headers: consoleHeaders(), body: '{' }));

    expect(stale).toMatchObject({ status: 401, body: { code: 'login_link_invalid' } });
    expect(unknown).toMatchObject({ status: 401, body: { code: 'login_link_invalid' } });
    expect(missing).toMatchObject({ status: 400, body: { code: 'validation_error' } });
    expect(notJson).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
  });

  it('requires X-Console: 1 on every session route (403 console_header_required), before reading anything', async () => {
    const { storeId } = await createStore(api.table.rt);
    const { token } = await api.table.rt.sessions.createLoginLink(storeId);
    const noHeader = { 'Content-Type': 'application/json' };

    const answers = await Promise.all([
      post('/console/v1/sessions', { loginToken: token }, noHeader),
      post('/console/v1/sessions', { loginToken: token }, { ...noHeader, 'X-Console': 'yes' }),
      post('/console/v1/sessions/refresh', undefined, noHeader),
      post('/console/v1/sessions/mode', { mode: 'test' }, noHeader),
      api.server.request('/console/v1/sessions/current', { method: 'DELETE' }),
    ]);

    for (const answer of answers) expect(await readResponse(answer)).toMatchObject({ status: 403, body: { code: 'console_header_required' } });
    // The link was not spent by the refused request.
    expect((await post('/console/v1/sessions', { loginToken: token })).status).toBe(201);
  });
});

describe('the access token on merchant routes', () => {
  it('acts like a key of its store: GET /v1/balance and POST /v1/job-quotes', async () => {
    const { storeId } = await createStore(api.table.rt, { creditMinor: 42_000 });
    const { accessToken } = await consoleSession(api, storeId);

    const read = await readResponse(await balance(accessToken));
    const quote = await readResponse(
      await api.server.request('/v1/job-quotes', {
        method: 'POST',
        headers: { 'X-Api-Key': accessToken, 'Content-Type': 'application/json' },
        body: JSON.stringify(bengaluruQuote),
      }),
    );

    expect(read).toMatchObject({ status: 200, body: { data: { balanceMinor: 42_000 } } });
    expect(quote.status).toBe(201);
  });

  it('counts its GET requests in the console group (120 a minute), its writes in the route’s', async () => {
    const { storeId } = await createStore(api.table.rt);
    const { accessToken } = await consoleSession(api, storeId);

    const first = await balance(accessToken);
    const second = await balance(accessToken);
    const quote = await api.server.request('/v1/job-quotes', {
      method: 'POST',
      headers: { 'X-Api-Key': accessToken, 'Content-Type': 'application/json' },
      body: JSON.stringify(bengaluruQuote),
    });

    expect([first.headers.get('ratelimit-limit'), first.headers.get('ratelimit-remaining')]).toEqual(['120', '119']);
    expect(second.headers.get('ratelimit-remaining')).toBe('118');
    expect([quote.headers.get('ratelimit-limit'), quote.headers.get('ratelimit-remaining')]).toEqual(['10', '9']);
  });

  it('answers 401 session_expired once the access token has passed its 15 minutes', async () => {
    const { storeId } = await createStore(api.table.rt);
    const { token } = await api.table.rt.sessions.createLoginLink(storeId);
    const signedIn = await signIn(api.table.rt, token, new Date(Date.now() - 16 * MINUTE));

    const { status, body } = await readResponse(await balance(signedIn.tokens.accessToken));

    expect(status).toBe(401);
    expect(body).toEqual({ error: expect.any(String), code: 'session_expired' });
  });
});

describe('writes through the console', () => {
  it('mark the history notes they write "via console", the actor staying merchant; a key’s writes are unmarked', async () => {
    const { storeId, apiKey } = await createStore(api.table.rt, { creditMinor: 1_000_000 });
    const { accessToken } = await consoleSession(api, storeId);
    const book = async (key: string) => {
      const quoted = await api.server.request('/v1/job-quotes', {
        method: 'POST',
        headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify(bengaluruQuote),
      });
      const quoteId = ((await quoted.json()) as { data: { id: string } }).data.id;
      const booked = await api.server.request('/v1/jobs', {
        method: 'POST',
        headers: bookingHeaders(key, `via-${key.slice(0, 12)}`),
        body: JSON.stringify(bookingBody(quoteId)),
      });
      return ((await booked.json()) as { data: { id: string } }).data.id;
    };
    const cancel = async (key: string, jobId: string) =>
      readResponse(await api.server.request(`/v1/jobs/${jobId}/cancel`, { method: 'POST', headers: { 'X-Api-Key': key } }));

    const viaConsole = await cancel(accessToken, await book(accessToken));
    const viaKey = await cancel(apiKey, await book(apiKey));

    const notes = (body: unknown) =>
      (body as { data: { events: Array<{ status: string; actor: string; note: string | null }> } }).data.events.map(({ status, actor, note }) => ({
        status,
        actor,
        note,
      }));
    expect(notes(viaConsole.body)).toEqual([
      { status: 'created', actor: 'merchant', note: 'via console' },
      { status: 'cancelled', actor: 'merchant', note: 'via console' },
    ]);
    expect(notes(viaKey.body)).toEqual([
      { status: 'created', actor: 'merchant', note: null },
      { status: 'cancelled', actor: 'merchant', note: null },
    ]);
  });
});

describe('POST /console/v1/sessions/refresh', () => {
  it('rotates the refresh token: a new access token and cookie, both working; the old access token still works until it ends', async () => {
    const { storeId } = await createStore(api.table.rt);
    const signedIn = await consoleSession(api, storeId);

    const response = await refresh(signedIn.cookie);

    const { status, body } = await readResponse(response);
    expect(status).toBe(200);
    const next = body as { accessToken: string; session: unknown };
    expect(next.session).toEqual(signedIn.session);
    expect(next.accessToken).not.toBe(signedIn.accessToken);
    expect(cookieOf(response)).not.toBe(signedIn.cookie);
    expect((await balance(next.accessToken)).status).toBe(200);
    expect((await balance(signedIn.accessToken)).status).toBe(200);
    expect((await refresh(cookieOf(response)!)).status).toBe(200);
  });

  it('revokes the session and its access tokens when an old refresh token is used again (401 session_revoked)', async () => {
    const { storeId } = await createStore(api.table.rt);
    const signedIn = await consoleSession(api, storeId);
    const once = await refresh(signedIn.cookie);
    const rotated = await refresh(cookieOf(once)!);
    const newer = (await rotated.json()) as { accessToken: string };

    // Two rotations back: no lost answer explains it (the token of the last rotation's answer was used).
    const reuse = await readResponse(await refresh(signedIn.cookie));

    expect(reuse).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
    expect(await readResponse(await balance(newer.accessToken))).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
    expect(await readResponse(await balance(signedIn.accessToken))).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
    expect(await readResponse(await refresh(cookieOf(rotated)!))).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
  });

  it('takes the token a rotation just replaced as a retry (its answer was lost: a reload mid-refresh), and catches it as reuse once a later token was used', async () => {
    const { storeId } = await createStore(api.table.rt);
    const signedIn = await consoleSession(api, storeId);
    const lost = await refresh(signedIn.cookie);
    expect(lost.status).toBe(200);

    const retried = await refresh(signedIn.cookie);
    const retriedBody = (await retried.json()) as { accessToken: string };

    expect(retried.status).toBe(200);
    expect(cookieOf(retried)).not.toBe(cookieOf(lost));
    expect((await balance(retriedBody.accessToken)).status).toBe(200);
    expect((await refresh(cookieOf(retried)!)).status).toBe(200);
    // The lost answer's token was replaced by the retry's rotation, and a later one has been used since: reuse.
    expect(await readResponse(await refresh(cookieOf(lost)!))).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
  });

  it('answers two refreshes racing with one token both, as a retry, instead of ending the session', async () => {
    const { storeId } = await createStore(api.table.rt);
    const signedIn = await consoleSession(api, storeId);

    const [first, second] = await Promise.all([refresh(signedIn.cookie), refresh(signedIn.cookie)]);

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(cookieOf(first)).not.toBe(cookieOf(second));
  });

  it('answers 401 session_expired without a cookie, with a forged one, and for a session idle for 2 hours', async () => {
    const { storeId } = await createStore(api.table.rt);
    const signedIn = await consoleSession(api, storeId);
    const { token } = await api.table.rt.sessions.createLoginLink(storeId);
    const idle = await signIn(api.table.rt, token, new Date(Date.now() - 2 * 3_600_000 - MINUTE));

    const none = await readResponse(await post('/console/v1/sessions/refresh', undefined));
    const forged = await readResponse(await refresh(`${signedIn.cookie.split('.')[0]}.${'B'.repeat(43)}`));
    const tooIdle = await readResponse(await refresh(`console_refresh=${idle.tokens.refreshToken}`));

    for (const answer of [none, forged, tooIdle]) expect(answer).toMatchObject({ status: 401, body: { code: 'session_expired' } });
    expect((await refresh(signedIn.cookie)).status).toBe(200);
  });

  it('takes no body, as every bodyless POST: a field is 400 validation_error and rotates nothing; `{}` is fine', async () => {
    const { storeId } = await createStore(api.table.rt);
    const signedIn = await consoleSession(api, storeId);

    const refused = await readResponse(await post('/console/v1/sessions/refresh', { mode: 'test' }, consoleHeaders(signedIn.cookie)));

    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_error', details: { formErrors: [], fieldErrors: { mode: ['Unknown field'] } } } });
    expect((await post('/console/v1/sessions/refresh', {}, consoleHeaders(signedIn.cookie))).status).toBe(200);
  });
});

describe('DELETE /console/v1/sessions/current', () => {
  it('signs out: 204, the cookie cleared, the session and its access token revoked; again, 204', async () => {
    const { storeId } = await createStore(api.table.rt);
    const signedIn = await consoleSession(api, storeId);
    const signOut = () => api.server.request('/console/v1/sessions/current', { method: 'DELETE', headers: consoleHeaders(signedIn.cookie) });

    const first = await signOut();
    const again = await signOut();

    expect(first.status).toBe(204);
    expect(first.headers.get('set-cookie')).toBe('console_refresh=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0');
    expect(again.status).toBe(204);
    expect(await readResponse(await balance(signedIn.accessToken))).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
    expect(await readResponse(await refresh(signedIn.cookie))).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
    const session = await api.table.rt.sessions.get(signedIn.session.id);
    expect(session?.status).toBe('revoked');
  });
});

describe('POST /console/v1/sessions/mode', () => {
  it('switches to the sandbox twin and back: each access token acts for its store, the previous one revoked at once', async () => {
    const { live, twin } = await liveStoreWithTwin();
    const signedIn = await consoleSession(api, live.storeId);

    const toTest = await switchMode(signedIn.cookie, 'test');
    const testBody = (await toTest.clone().json()) as { accessToken: string; session: unknown };
    const testBalance = await readResponse(await balance(testBody.accessToken));
    const toLive = await switchMode(cookieOf(toTest)!, 'live');
    const liveBody = (await toLive.json()) as { accessToken: string; session: unknown };

    expect(signedIn.session.testStore).toEqual({ id: twin.storeId, name: 'Chai Point (test)' });
    expect(toTest.status).toBe(200);
    expect(testBody.session).toEqual({ ...signedIn.session, mode: 'test' });
    expect(testBalance.status).toBe(200);
    expect(await readResponse(await balance(signedIn.accessToken))).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
    expect(liveBody.session).toEqual(signedIn.session);
    expect(await readResponse(await balance(testBody.accessToken))).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
    const tokenItem = await api.table.rt.apiKeys.findByHash(hashToken(liveBody.accessToken));
    expect(tokenItem).toMatchObject({ kind: 'session', storeId: live.storeId, sessionId: signedIn.session.id, status: 'active' });
  });

  it('answers 409 no_test_store without a twin, 409 no_live_store from a sandbox store, 400 for another mode', async () => {
    const { storeId } = await createStore(api.table.rt);
    const sandbox = await createStore(api.table.rt, { sandbox: true, name: 'Sandbox only' });
    const liveOnly = await consoleSession(api, storeId);
    const sandboxOnly = await consoleSession(api, sandbox.storeId);

    expect(sandboxOnly.session).toEqual({ id: expect.any(String), mode: 'test', store: { id: sandbox.storeId, name: 'Sandbox only' }, testStore: null });
    expect(await readResponse(await switchMode(liveOnly.cookie, 'test'))).toMatchObject({ status: 409, body: { code: 'no_test_store' } });
    expect(await readResponse(await switchMode(sandboxOnly.cookie, 'live'))).toMatchObject({ status: 409, body: { code: 'no_live_store' } });
    expect(await readResponse(await switchMode(liveOnly.cookie, 'sandbox'))).toMatchObject({ status: 400, body: { code: 'validation_error' } });
    expect((await balance(liveOnly.accessToken)).status).toBe(200);
  });
});

describe('a store whose API access is off', () => {
  // The API's own 401 for such a store cannot say why (the seed's one body): the session routes do, so the app can show its notice.
  it('is refused by sign-in, refresh and the switch to its mode with 403 api_access_disabled; the other store of the pair still works', async () => {
    const { live, twin } = await liveStoreWithTwin();
    const signedIn = await consoleSession(api, live.storeId);
    await api.table.rt.stores.setApiAccess(live.storeId, false);
    const { token } = await api.table.rt.sessions.createLoginLink(live.storeId);

    const signIn = await readResponse(await post('/console/v1/sessions', { loginToken: token }));
    const refreshed = await readResponse(await refresh(signedIn.cookie));
    const toTest = await switchMode(signedIn.cookie, 'test');
    const testBody = (await toTest.json()) as { accessToken: string };
    await api.table.rt.stores.setApiAccess(twin.storeId, false);
    await api.table.rt.stores.setApiAccess(live.storeId, true);
    const backToTest = await readResponse(await refresh(cookieOf(toTest)!));

    const refusal = { status: 403, body: { error: 'This store’s API access is switched off: the console cannot act for it', code: 'api_access_disabled' } };
    expect(signIn).toMatchObject(refusal);
    expect(refreshed).toMatchObject(refusal);
    expect(toTest.status).toBe(200);
    expect((await balance(testBody.accessToken)).status).toBe(401);
    expect(backToTest).toMatchObject(refusal);
    expect(await readResponse(await switchMode(cookieOf(toTest)!, 'live'))).toMatchObject({ status: 200 });
  });
});

describe('the cost of a refresh', () => {
  useHandlerLogs();

  it('costs 4 DynamoDB calls: the session, the store and its twin, one transaction (the session’s access tokens come with its read)', async () => {
    const { live } = await liveStoreWithTwin();
    const signedIn = await consoleSession(api, live.storeId);

    const records = await captureAccessLog(async () => {
      expect((await refresh(signedIn.cookie)).status).toBe(200);
    });

    expect(records.map((r) => [r.route, r.status, r.dynamoCalls])).toEqual([['POST /console/v1/sessions/refresh', 200, 4]]);
  });
});

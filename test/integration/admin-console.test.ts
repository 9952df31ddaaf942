import { describe, expect, it } from 'vitest';
import { admin, adminJson } from '../helpers/admin.ts';
import { consoleHeaders } from '../helpers/console.ts';
import { createStore } from '../helpers/fixtures.ts';
import { readResponse, useLocalApi } from '../helpers/server.ts';

const api = useLocalApi();

describe('admin CLI: console link', () => {
  it('prints a single-use sign-in link with the token in the fragment, which signs in once', async () => {
    const { storeId } = await createStore(api.table.rt, { name: 'Link Store' });

    const link = await adminJson<{ url: string; expiresAt: string }>(api.table, ['console', 'link', '--store', storeId, '--base-url', `${api.server.url}/`]);
    const token = new URL(link.url).hash.replace(/^#t=/, '');
    const signIn = () => api.server.request('/console/v1/sessions', { method: 'POST', headers: consoleHeaders(), body: JSON.stringify({ loginToken: token }) });

    expect(link.url).toMatch(new RegExp(`^${api.server.url}/console/login#t=[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await readResponse(await signIn())).toMatchObject({ status: 201, body: { session: { store: { id: storeId, name: 'Link Store' } } } });
    expect(await readResponse(await signIn())).toMatchObject({ status: 401, body: { code: 'login_link_invalid' } });
  });

  it('refuses an unknown store, and a link with no base URL to put it under', async () => {
    const { storeId } = await createStore(api.table.rt);

    const unknown = await admin(api.table, ['console', 'link', '--store', 'store_nope', '--base-url', 'https://api.example.com']);
    const noBase = await admin(api.table, ['console', 'link', '--store', storeId], { API_URL: '', DATA_DIR: '/nonexistent' });

    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('store_nope');
    expect(noBase.code).toBe(2);
    expect(noBase.stderr).toContain('--base-url');
  });
});

describe('admin CLI: store link-sandbox', () => {
  it('links a live store to a sandbox store both ways, once; wrong kinds are refused', async () => {
    const live = await createStore(api.table.rt);
    const sandbox = await createStore(api.table.rt, { sandbox: true });
    const other = await createStore(api.table.rt, { sandbox: true });

    const linked = await adminJson<unknown>(api.table, ['store', 'link-sandbox', '--store', live.storeId, '--sandbox-store', sandbox.storeId]);
    const again = await admin(api.table, ['store', 'link-sandbox', '--store', live.storeId, '--sandbox-store', other.storeId]);
    const swapped = await admin(api.table, ['store', 'link-sandbox', '--store', other.storeId, '--sandbox-store', live.storeId]);

    expect(linked).toEqual({ storeId: live.storeId, testStoreId: sandbox.storeId });
    expect(await api.table.rt.stores.get(live.storeId)).toMatchObject({ testStoreId: sandbox.storeId, liveStoreId: null });
    expect(await api.table.rt.stores.get(sandbox.storeId)).toMatchObject({ liveStoreId: live.storeId, testStoreId: null });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(live.storeId);
    expect(swapped.code).toBe(1);
    expect(await api.table.rt.stores.get(other.storeId)).toMatchObject({ liveStoreId: null });
  });
});

import type { Runtime } from '../../functions/runtime.ts';
import type { SessionResponse } from '../../functions/schemas/console-session.schema.ts';
import type { TestServer } from './server.ts';

/** What a signed-in console has: the access token (sent as X-Api-Key), the refresh cookie (`name=value`, for a Cookie header), the session. */
export interface ConsoleSignIn {
  accessToken: string;
  accessTokenExpiresAt: string;
  cookie: string;
  session: SessionResponse['session'];
}

/** The headers every console session route needs: X-Console: 1, and the refresh cookie when given. */
export function consoleHeaders(cookie?: string): Record<string, string> {
  return { 'X-Console': '1', 'Content-Type': 'application/json', ...(cookie && { Cookie: cookie }) };
}

/** The `name=value` of a response's Set-Cookie (what a browser would send back), or null. */
export function cookieOf(response: Response): string | null {
  return response.headers.get('set-cookie')?.split(';')[0] ?? null;
}

/**
 * Signs in to the console for a store as a person would: mints a sign-in link (as `console link` does)
 * and posts its token through the real local server.
 */
export async function consoleSession(api: { readonly table: { rt: Runtime }; readonly server: TestServer }, storeId: string): Promise<ConsoleSignIn> {
  const { token } = await api.table.rt.sessions.createLoginLink(storeId);
  const response = await api.server.request('/console/v1/sessions', { method: 'POST', headers: consoleHeaders(), body: JSON.stringify({ loginToken: token }) });
  if (response.status !== 201) throw new Error(`Console sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as SessionResponse;
  return { accessToken: body.accessToken, accessTokenExpiresAt: body.accessTokenExpiresAt, cookie: cookieOf(response)!, session: body.session };
}

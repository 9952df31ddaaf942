import { merchantHandler } from '../http/handler.ts';
import { ok } from '../http/responses.ts';
import { storeApiKeysPart } from '../runtime.ts';
import { requireSession } from './api-key-session.ts';

/** GET /v1/api-keys: the keys of the store the session acts for, newest first (console sessions only). */
export const handler = merchantHandler('GET /v1/api-keys', { uses: { storeApiKeys: storeApiKeysPart } }, async ({ merchant, rt }) => {
  requireSession(merchant);
  return ok(await rt.storeApiKeys.list(merchant.storeId));
});

import { merchantHandler } from '../http/handler.ts';
import { ok } from '../http/responses.ts';
import { storeApiKeysPart } from '../runtime.ts';
import { ApiKeyPath } from '../schemas/api-key.schema.ts';
import { keyWriter, requireSession } from './api-key-session.ts';

/** POST /v1/api-keys/{id}/revoke: the key revoked now; auth refuses it from its next request (console sessions only). */
export const handler = merchantHandler(
  'POST /v1/api-keys/{id}/revoke',
  { path: ApiKeyPath, uses: { storeApiKeys: storeApiKeysPart } },
  async ({ merchant, path, rt }) => {
    requireSession(merchant);
    return ok(await rt.storeApiKeys.revoke(keyWriter(merchant), path.id));
  },
);

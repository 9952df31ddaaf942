import { merchantHandler } from '../http/handler.ts';
import { created } from '../http/responses.ts';
import { storeApiKeysPart } from '../runtime.ts';
import { ApiKeyPath, RollApiKeyRequest } from '../schemas/api-key.schema.ts';
import { keyWriter, requireSession } from './api-key-session.ts';

/** POST /v1/api-keys/{id}/roll: a new key in place of an active one, which works on until now + expiresInSeconds (console sessions only). */
export const handler = merchantHandler(
  'POST /v1/api-keys/{id}/roll',
  { path: ApiKeyPath, body: RollApiKeyRequest, uses: { storeApiKeys: storeApiKeysPart } },
  async ({ merchant, path, body, rt }) => {
    requireSession(merchant);
    return created(await rt.storeApiKeys.roll(keyWriter(merchant), path.id, body.expiresInSeconds));
  },
);

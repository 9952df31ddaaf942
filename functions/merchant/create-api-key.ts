import { merchantHandler } from '../http/handler.ts';
import { created } from '../http/responses.ts';
import { storeApiKeysPart } from '../runtime.ts';
import { ApiKeyRequest } from '../schemas/api-key.schema.ts';
import { keyWriter, requireSession } from './api-key-session.ts';

/** POST /v1/api-keys: a new named key, its secret shown in this answer only (console sessions only; at most 10 live). */
export const handler = merchantHandler(
  'POST /v1/api-keys',
  { body: ApiKeyRequest, uses: { storeApiKeys: storeApiKeysPart } },
  async ({ merchant, body, rt }) => {
    requireSession(merchant);
    return created(await rt.storeApiKeys.create(keyWriter(merchant), body.name));
  },
);

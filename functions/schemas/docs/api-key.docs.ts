import type { OperationDocs } from './operation.ts';
import { ApiKeyList, ApiKeyPath, ApiKeyRequest, CreatedApiKey, ApiKeyView, RollApiKeyRequest } from '../api-key.schema.ts';

// The API description of api-key.schema.ts's routes: read by scripts/openapi-document.ts only, never by a Lambda handler.

const SESSION_ONLY =
  'Console sessions only: called with an API key it answers 403 `session_required` (a leaked key cannot mint keys). Send the session’s access token in `X-Api-Key`.';

const listed = {
  id: 'key_7Qm2xVb9Lk3Np8Rt4Wz1',
  name: 'Shopify sync',
  prefix: 'mdk_live_AbCd',
  status: 'active' as const,
  createdAt: '2026-11-20T09:30:00.000Z',
  expiresAt: null,
  revokedAt: null,
  lastUsedOn: '2026-11-27',
};
const fresh = { ...listed, id: 'key_3Hs8Pq1Zr6Vt2Nm9Ka4B', prefix: 'mdk_live_Xy7Q', createdAt: '2026-11-27T10:00:00.000Z', lastUsedOn: null };
const secret = 'mdk_live_Xy7Q9w2e4r6t8y1u3i5o7p9a2s4d6f8g';

export const apiKeyOperations = {
  'GET /v1/api-keys': {
    operationId: 'listApiKeys',
    summary: 'The store’s API keys',
    description: `Every key of the store the session acts for, newest first, never their secrets: name, first characters, status (a rolled key is \`expiring\` until its \`expiresAt\`, then \`revoked\`), and the IST date of its last use. ${SESSION_ONLY} Counts against the read limit.`,
    tag: 'Keys',
    success: [{ status: 200, description: 'The keys', name: 'ApiKeyListResponse', schema: ApiKeyList, envelope: true, example: { data: [listed] } }],
    errors: [401, 403, 429, 500, 503],
  },
  'POST /v1/api-keys': {
    operationId: 'createApiKey',
    summary: 'Make an API key',
    description: `A new key with this name; its \`secret\` is in this answer only. A store has at most 10 keys active or expiring: one more is 409 \`key_limit_reached\` (revoke one first). ${SESSION_ONLY}`,
    tag: 'Keys',
    requestBody: { name: 'ApiKeyRequest', schema: ApiKeyRequest, example: { name: 'Shopify sync' } },
    success: [
      {
        status: 201,
        description: 'The key and its secret (shown once)',
        name: 'CreatedApiKeyResponse',
        schema: CreatedApiKey,
        envelope: true,
        example: { data: { ...fresh, secret } },
      },
    ],
    errors: [400, 401, 403, 409, 429, 500, 503],
  },
  'POST /v1/api-keys/{id}/roll': {
    operationId: 'rollApiKey',
    summary: 'Roll an API key',
    description: `A new key with the old one’s name (its \`secret\` in this answer only); the old key becomes \`expiring\` and keeps working until now + \`expiresInSeconds\` (0: revoked at once), so an integration can switch over. Only an active key rolls: an expiring or revoked one is 409 \`api_key_not_active\`; one that would leave more than 10 keys active or expiring, 409 \`key_limit_reached\`; another store’s key or an unknown id, 404 \`api_key_not_found\`. ${SESSION_ONLY}`,
    tag: 'Keys',
    path: ApiKeyPath,
    requestBody: { name: 'RollApiKeyRequest', schema: RollApiKeyRequest, example: { expiresInSeconds: 86400 } },
    success: [
      {
        status: 201,
        description: 'The new key and its secret (shown once)',
        name: 'RolledApiKeyResponse',
        schema: CreatedApiKey,
        envelope: true,
        example: { data: { ...fresh, secret } },
      },
    ],
    errors: [400, 401, 403, 404, 409, 429, 500, 503],
  },
  'POST /v1/api-keys/{id}/revoke': {
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key',
    description: `Revokes the key now: its next request is 401. Revoking a revoked key answers it as it is. Another store’s key or an unknown id: 404 \`api_key_not_found\`. ${SESSION_ONLY}`,
    tag: 'Keys',
    path: ApiKeyPath,
    success: [
      {
        status: 200,
        description: 'The key, revoked',
        name: 'RevokedApiKeyResponse',
        schema: ApiKeyView,
        envelope: true,
        example: { data: { ...listed, status: 'revoked', revokedAt: '2026-11-27T10:05:00.000Z' } },
      },
    ],
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
} satisfies OperationDocs;

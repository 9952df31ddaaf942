import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { hashApiKey, keyStatus, looksLikeApiKey, usageKeyValue } from '../core/api-key.ts';
import type { UnauthorizedReason } from '../core/errors.ts';
import { logger } from '../log/logger.ts';
import { routesOf } from '../http/routes.ts';
import { apiKeysPart, baseRuntime, withParts, type BaseRuntime, type Runtime } from '../runtime.ts';

/** What the gateway does with a refusal: 'Unauthorized' is its 401 (not cached); any other error is its 500, answered as 503. */
const UNAUTHORIZED = 'Unauthorized';

const MERCHANT_METHODS = [...new Set(routesOf('merchant').map((route) => route.method))];

/**
 * The resources an answer covers: every merchant route of this API's stage (`{method}/v1/*` for each
 * method the merchant API serves). The gateway caches an answer per key (identity source X-Api-Key), so
 * it must hold for all the routes the key may call next, not just this one. In these patterns `*`
 * spans `/` too, so each names its method: a wildcard method would also cover `GET/fleet/v1/…`.
 */
export function merchantRoutesArns(methodArn: string): string[] {
  // arn:aws:execute-api:{region}:{account}:{api id}/{stage}/{method}/{path…}
  const [api, stage] = methodArn.split('/');
  return MERCHANT_METHODS.map((method) => `${api}/${stage}/${method}/v1/*`);
}

function policy(effect: 'Allow' | 'Deny', methodArn: string): APIGatewayAuthorizerResult['policyDocument'] {
  return { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: merchantRoutesArns(methodArn) }] };
}

function headerOf(event: APIGatewayRequestAuthorizerEvent, name: string): string | undefined {
  const entry = Object.entries(event.headers ?? {}).find(([header]) => header.toLowerCase() === name);
  return entry?.[1]?.trim() || undefined;
}

/**
 * The merchant API's Lambda authorizer. API Gateway asks it about each new X-Api-Key (and caches the
 * answer for the authorizer's TTL); it answers with the key's store's usage key as the usage
 * identifier, so the usage plan throttles per store and no merchant key is ever registered at, or
 * readable from, the gateway. One read: the key by its SHA-256. Refused keys get a Deny, cached as
 * well, so a flood of one bad key costs one read per TTL.
 *
 * It is the gateway's first gate, not the only one: every merchant function still checks the key
 * exactly (revoked keys and stores with access off are refused there at once, whatever was cached here).
 */
export function merchantAuthorizer(rt: () => BaseRuntime & Pick<Runtime, 'apiKeys'>) {
  return async function authorize(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
    const apiKey = headerOf(event, 'x-api-key');
    // The gateway asks only when the header is there; answer its own way (401) if it is not.
    if (!apiKey) throw new Error(UNAUTHORIZED);
    const refuse = (authFailure: UnauthorizedReason): APIGatewayAuthorizerResult => {
      logger.info('merchant key refused', { authFailure });
      return { principalId: 'refused', policyDocument: policy('Deny', event.methodArn) };
    };
    if (!looksLikeApiKey(apiKey)) return refuse('invalid_api_key');
    let key;
    try {
      key = await rt().apiKeys.findByHash(hashApiKey(apiKey));
    } catch (error) {
      // The gateway answers an authorizer's failure with its 500 (AUTHORIZER_FAILURE), shaped as our 503.
      logger.error('merchant authorizer failed', { error });
      throw error;
    }
    if (!key) return refuse('invalid_api_key');
    // A console access token, expired or revoked, is let through (to its store's usage key, as before): the
    // function behind answers 401 session_expired or session_revoked, which the console acts on; the gateway's refusal could not say which.
    if (key.kind === 'key' && keyStatus(key, new Date()).status === 'revoked') return refuse('revoked_api_key');
    return {
      principalId: key.storeId,
      policyDocument: policy('Allow', event.methodArn),
      usageIdentifierKey: usageKeyValue(key.storeId),
      context: { storeId: key.storeId, keyId: key.keyId },
    };
  };
}

let runtime: (BaseRuntime & Pick<Runtime, 'apiKeys'>) | undefined;
export const handler = merchantAuthorizer(() => (runtime ??= withParts(baseRuntime(), { apiKeys: apiKeysPart })));

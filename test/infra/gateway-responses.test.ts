import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { generateApiKey, usageKeyValue } from '../../functions/core/api-key.ts';
import { merchantAuthorizer } from '../../functions/merchant/authorizer.ts';
import { INVALID_API_KEY_MESSAGE } from '../../lib/gateway-responses.ts';
import { synth } from './synth.ts';

// Issue 34 §6: a store made with another stage's usage plan (USAGE_PLAN_ID) got the gateway's
// INVALID_API_KEY, answered like a wrong key. With the key source AUTHORIZER the gateway answers
// INVALID_API_KEY only after the authorizer allowed the key and named a usage key the stage's plan does
// not hold; a refused key is ACCESS_DENIED. So that case has words of its own, in the spec's 401.

const { resources } = synth();
const responses = Object.fromEntries(
  Object.values(resources)
    .filter((r) => r.Type === 'AWS::ApiGateway::GatewayResponse')
    .map((r) => [r.Properties!.ResponseType as string, r.Properties!]),
);
const bodyOf = (type: string) => JSON.parse((responses[type]!.ResponseTemplates as Record<string, string>)['application/json']!) as unknown;

const event = (apiKey: string): APIGatewayRequestAuthorizerEvent =>
  ({
    type: 'REQUEST',
    methodArn: 'arn:aws:execute-api:ap-south-1:123456789012:a1b2c3d4e5/prod/GET/v1/balance',
    headers: { 'X-Api-Key': apiKey },
  }) as unknown as APIGatewayRequestAuthorizerEvent;

describe('a valid key the stage’s usage plan does not hold (INVALID_API_KEY)', () => {
  it('answers the spec’s 401 unauthorized, saying the key is not enabled for this stage and what fixes it', () => {
    expect(responses.INVALID_API_KEY).toMatchObject({ StatusCode: '401', ResponseParameters: { 'gatewayresponse.header.Content-Type': "'application/json'" } });
    expect(bodyOf('INVALID_API_KEY')).toEqual({ error: INVALID_API_KEY_MESSAGE, code: 'unauthorized' });
    expect(INVALID_API_KEY_MESSAGE).toMatch(/^API key not enabled for this stage: .*npm run admin -- gateway sync --aws --store <store id>/);
  });

  it('leaves a plainly wrong key and a missing one as the seed answers them', () => {
    expect(responses.ACCESS_DENIED).toMatchObject({ StatusCode: '401' });
    expect(bodyOf('ACCESS_DENIED')).toEqual({ error: 'Invalid API key', code: 'unauthorized' });
    expect(bodyOf('UNAUTHORIZED')).toEqual({ error: 'Missing API key: send it in the X-Api-Key header', code: 'unauthorized' });
  });

  it('is reached only by a key the authorizer allowed: a wrong key is denied (ACCESS_DENIED), a known one names its store’s usage key', async () => {
    const apiKey = generateApiKey(false);
    const unknown = merchantAuthorizer(() => ({ apiKeys: { findByHash: async () => null } }) as never);
    const known = merchantAuthorizer(() => ({ apiKeys: { findByHash: async () => ({ storeId: 'store-1', keyId: 'key-1', status: 'active' }) } }) as never);

    expect((await unknown(event(apiKey))).policyDocument.Statement[0]).toMatchObject({ Effect: 'Deny' });
    expect((await unknown(event('not-a-key'))).policyDocument.Statement[0]).toMatchObject({ Effect: 'Deny' });
    const allowed = await known(event(apiKey));
    expect(allowed.policyDocument.Statement[0]).toMatchObject({ Effect: 'Allow' });
    // The gateway looks this usage key up in the stage's plan: absent there, it answers INVALID_API_KEY.
    expect(allowed.usageIdentifierKey).toBe(usageKeyValue('store-1'));
  });
});

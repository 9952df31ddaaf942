import { describe, expect, it } from 'vitest';
import { apiFunctionName, apiFunctionPrefix } from '../../lib/rest-api.ts';
import { DEPLOYED_FUNCTIONS, DOORBELL, MERCHANT_AUTHORIZER, WORKER_FUNCTIONS } from '../../lib/functions.ts';
import { routes } from '../../functions/http/routes.ts';
import { STAGES, synth } from './synth.ts';

// Issue 34 §6: the role API Gateway invokes the functions with named each function's ARN (42 then):
// IAM's inline policies of a role hold 10,240 characters, about 85 functions. The API's functions now
// have names of one prefix a stage, and the role one ARN pattern.

const LONGEST_STAGE = 'a'.repeat(21); // bin/app.ts: [a-z][a-z0-9-]{0,20}

describe('the invoke role', () => {
  const { resources } = synth(STAGES.prod);
  const functionNames = Object.values(resources)
    .filter((r) => r.Type === 'AWS::Lambda::Function')
    .map((r) => r.Properties!.FunctionName as string | undefined);

  it('allows lambda:InvokeFunction on one ARN pattern, its policy under 2 KB of JSON', () => {
    const [, role] = Object.entries(resources).find(([id]) => id.startsWith('MerchantInvokeRole'))!;
    const policies = role.Properties!.Policies as Array<{ PolicyDocument: { Statement: Array<Record<string, unknown>> } }>;
    expect(policies).toHaveLength(1);
    expect(policies[0]!.PolicyDocument.Statement).toEqual([
      {
        Action: 'lambda:InvokeFunction',
        Effect: 'Allow',
        Resource: {
          'Fn::Join': [
            '',
            ['arn:', { Ref: 'AWS::Partition' }, ':lambda:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':function:DeliveryApi-prod-Api-*'],
          ],
        },
      },
    ]);
    expect(JSON.stringify(policies).length).toBeLessThan(2048);
  });

  it('matches every API function of the stage by name (the routes and the merchant authorizer), and none of the engine’s', () => {
    const apiNames = [...routes.map((route) => route.name), MERCHANT_AUTHORIZER.name].map((name) => apiFunctionName('prod', name));
    expect(functionNames.filter((name) => name?.startsWith(apiFunctionPrefix('prod'))).sort()).toEqual(apiNames.sort());
    // The engine's functions keep generated names (their event sources and reserved executions stay as they are).
    expect(functionNames.filter((name) => name === undefined)).toHaveLength([DOORBELL, ...Object.values(WORKER_FUNCTIONS)].length);
  });

  it('never matches another stage’s functions, even one whose name starts with this stage’s', () => {
    expect(apiFunctionName('dev-2', 'get-balance').startsWith(apiFunctionPrefix('dev'))).toBe(false);
    expect(apiFunctionName('dev', 'get-balance').startsWith(apiFunctionPrefix('dev'))).toBe(true);
  });

  it('names every function within Lambda’s 64 characters, in the longest stage name', () => {
    const longest = Math.max(...DEPLOYED_FUNCTIONS.map((fn) => apiFunctionName(LONGEST_STAGE, fn.name).length));
    expect(longest).toBeLessThanOrEqual(64);
  });
});

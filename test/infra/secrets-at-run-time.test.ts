import { describe, expect, it } from 'vitest';
import { STAGES, synth } from './synth.ts';

/**
 * Issue 34's goal "no function environment holds an unversioned secret reference": a
 * `{{resolve:secretsmanager:…}}` in an environment is resolved by CloudFormation only when that
 * function is updated, so a new key version would reach some functions and not others. The functions
 * name their secrets by ARN and read them (by version) when they run.
 */
describe('secrets in function environments', () => {
  const stages = {
    dev: synth(),
    prod: synth(STAGES.prod),
    'prod re-attached to a kept key': synth({ ...STAGES.prod, webhookSecretsKeyArn: 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:Kept-AbCdEf' }),
  };

  it.each(Object.entries(stages))('no function environment holds a secret reference or a key value (%s)', (_stage, { resources }) => {
    const environments = Object.entries(resources)
      .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
      .map(([id, r]) => [id, JSON.stringify((r.Properties as { Environment?: unknown }).Environment ?? {})] as const);

    expect(environments.length).toBeGreaterThan(40);
    expect(environments.filter(([, env]) => /\{\{resolve:(secretsmanager|ssm-secure)/.test(env)).map(([id]) => id)).toEqual([]);
    // The keys' values have no variable left in a deployed stack: only their ARNs.
    expect(environments.filter(([, env]) => /"(WEBHOOK_SECRETS_KEY|CURSOR_SIGNING_KEY)"/.test(env)).map(([id]) => id)).toEqual([]);
    expect(environments.filter(([, env]) => env.includes('"WEBHOOK_SECRETS_KEY_ARN"'))).toHaveLength(3);
    expect(environments.filter(([, env]) => env.includes('"CURSOR_SIGNING_KEY_ARN"'))).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { STAGES, synth } from './synth.ts';

// Issue 34 §6: API Gateway's account setting (AWS::ApiGateway::Account) and the role it names were
// Retain, so a failed first deploy left an orphan role behind. The setting is the account's, shared by
// every stage in the region (the last deployed names its role): a deleted or replaced stack still keeps
// them for the stages writing execution logs with that role, but a create that failed leaves nothing.

describe('API Gateway’s CloudWatch role and account setting', () => {
  it.each(Object.keys(STAGES) as Array<keyof typeof STAGES>)('%s: kept on delete and replacement, removed when their own create failed', (stage) => {
    const { resources } = synth(STAGES[stage]);
    const account = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::ApiGateway::Account');
    expect(account).toHaveLength(1);
    const roleId = (account[0]![1].Properties!.CloudWatchRoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const role = resources[roleId]!;
    expect(role.Type).toBe('AWS::IAM::Role');
    for (const resource of [account[0]![1], role]) expect(resource).toMatchObject({ DeletionPolicy: 'RetainExceptOnCreate', UpdateReplacePolicy: 'Retain' });
  });
});

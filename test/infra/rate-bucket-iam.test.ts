import { describe, expect, it } from 'vitest';
import { ACCESS, RATE_BUCKET_ATTRIBUTES } from '../../lib/access.ts';
import { synth } from './synth.ts';

// Issue 34 §5, decided: the bucket's UpdateItem keeps its attribute and ReturnValues conditions, and the
// bucket sends no ReturnValuesOnConditionCheckFailure (functions/data/rate-limit.repository.ts; its calls
// are held in test/integration/rate-limit-iam.test.ts). After a failed condition it reads the bucket's
// tat with GetItem, so every kind that takes a token may GetItem the table without an attribute condition.

const { resources } = synth();
const statementsOfRole = (kind: string) => {
  const id = kind.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
  const role = Object.entries(resources).find(([logicalId, r]) => r.Type === 'AWS::IAM::Role' && logicalId.startsWith(`Roles${id}`))![1];
  const policies = role.Properties!.Policies as Array<{ PolicyDocument: { Statement: Array<Record<string, unknown>> } }>;
  return policies.flatMap((p) => p.PolicyDocument.Statement);
};
const actionsOf = (statement: Record<string, unknown>) => [statement.Action].flat() as string[];

describe('the rate-limit bucket’s IAM (issue 34 §5)', () => {
  const bucketKinds = Object.entries(ACCESS).filter(
    ([, access]) => Array.isArray(access.updates) && RATE_BUCKET_ATTRIBUTES.every((a) => access.updates.includes(a)),
  );

  it('keeps UpdateItem on the bucket’s attributes only, with ReturnValues NONE/UPDATED_OLD/UPDATED_NEW, for every kind whose only update is the bucket', () => {
    const readKinds = bucketKinds.filter(([, access]) => access.updates === RATE_BUCKET_ATTRIBUTES);
    expect(readKinds.map(([kind]) => kind)).toEqual(expect.arrayContaining(['read-item', 'read-lists', 'read-feed', 'list-jobs']));
    for (const [kind] of readKinds) {
      const update = statementsOfRole(kind).find((s) => actionsOf(s).includes('dynamodb:UpdateItem'))!;
      expect(update.Condition).toEqual({
        'ForAllValues:StringEquals': { 'dynamodb:Attributes': RATE_BUCKET_ATTRIBUTES },
        StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE', 'UPDATED_OLD', 'UPDATED_NEW'] },
      });
    }
  });

  it('lets every kind that takes a token read the bucket after a failed condition (GetItem, no attribute condition)', () => {
    expect(bucketKinds.length).toBeGreaterThan(4);
    for (const [kind] of bucketKinds) {
      const get = statementsOfRole(kind).find((s) => actionsOf(s).includes('dynamodb:GetItem'));
      expect(get, kind).toBeDefined();
      expect(get!.Condition, kind).toBeUndefined();
    }
  });
});

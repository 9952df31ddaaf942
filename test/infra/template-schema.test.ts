import { describe, expect, it } from 'vitest';
import { validateTemplate, type Finding } from './cfn-schema.ts';
import { STAGES, synth } from './synth.ts';

/**
 * What the schema check may warn of, each with its reason; any other warning fails like an error.
 * Keyed by the finding's property path and message.
 */
const ACCEPTED_WARNINGS: Record<string, string> = {};

const key = (finding: Finding) => `${finding.path.replace(/\[\d+\]/g, '[]')}: ${finding.message}`;

describe('the template checker', () => {
  it('refuses unknown and read-only properties, missing required ones, wrong types and documented limits', () => {
    const { errors } = validateTemplate({
      Resources: {
        Fn: { Type: 'AWS::Lambda::Function', Properties: { Code: {}, Role: 'arn', MemorySize: 'lots', Runtim: 'nodejs24.x', Description: 'x'.repeat(257) } },
        Group: { Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 8, Arn: 'arn' } },
        Alarm: { Type: 'AWS::CloudWatch::Alarm', Properties: { EvaluationPeriods: 1, ComparisonOperator: 'MoreThan' }, DeletionPolicy: 'Keep' },
        Odd: { Type: 'AWS::Lambda::Functions', Properties: {} },
        Acl: {
          Type: 'AWS::WAFv2::WebACL',
          Properties: {
            Scope: 'REGIONAL',
            DefaultAction: { Allow: {} },
            VisibilityConfig: { CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true, MetricName: 'acl' },
            Rules: [
              {
                Name: 'a rule',
                Priority: 0,
                Statment: {},
                VisibilityConfig: { CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true, MetricName: 'm' },
              },
            ],
          },
        },
      },
    });
    expect(errors.map((e) => `${e.resource} ${e.path}: ${e.message}`)).toEqual(
      expect.arrayContaining([
        'Fn MemorySize: expected an integer, got "lots"',
        'Fn Runtim: not a property of AWS::Lambda::Function',
        'Fn Description: longer than 256 characters (257)',
        expect.stringMatching(/^Group RetentionInDays: "8" is not one of 1, 3, 5, 7/),
        'Group Arn: a read-only property (CloudFormation reports it; a template cannot set it)',
        expect.stringMatching(/^Alarm ComparisonOperator: "MoreThan" is not one of/),
        'Alarm DeletionPolicy: "Keep" is not a deletion policy',
        'Odd Type: AWS::Lambda::Functions is not a CloudFormation resource type',
        'Acl Rules[0].Statement: a required property is missing',
        expect.stringMatching(/^Acl Rules\[0\]\.Statment: not a property of AWS::WAFv2::WebACL/),
        expect.stringMatching(/^Acl Rules\[0\]\.Name: "a rule" does not match/),
      ]),
    );
  });
});

describe.each(Object.entries(STAGES))('the %s stage’s template', (_, props) => {
  const { template } = synth(props);

  it('has every resource as CloudFormation’s resource schemas allow (no errors; only the accepted warnings)', () => {
    const { errors, warnings } = validateTemplate(template.toJSON() as Parameters<typeof validateTemplate>[0]);

    expect(errors).toEqual([]);
    expect(warnings.filter((warning) => !(key(warning) in ACCEPTED_WARNINGS))).toEqual([]);
  });
});

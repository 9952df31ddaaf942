import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STAGES, synth, synthAppResources, type Resources } from './synth.ts';
import { briefOf, STATEFUL_TYPES, type ReleaseFixture } from './release-fixture.ts';

// Upgrading a deployed stage: the release before this one (test/infra/fixtures/release-e47fb6d.json,
// written from main at e47fb6d before issue 34) against today's template. CloudFormation replaces a
// resource whose logical id or type changes, or whose replacing property changes (the registry's
// causesReplacement): for the table, the log groups, the secrets, the API and its stage, the usage plan
// (the admin CLI attaches every store's usage key to it), the KMS key, the queues and the alarm topic,
// that loses data or an address someone outside the stack holds. docs/upgrades.md lists what else changes.

const PREVIOUS = JSON.parse(readFileSync(new URL('fixtures/release-e47fb6d.json', import.meta.url), 'utf8')) as ReleaseFixture;
const EXECUTION_LOGS = 'MerchantExecutionLogs8F7C71D9';
const executionLogGroups = (resources: Resources) =>
  Object.entries(resources).filter(
    ([, r]) => r.Type === 'AWS::Logs::LogGroup' && String(JSON.stringify(r.Properties?.LogGroupName)).includes('API-Gateway-Execution-Logs_'),
  );
const stageOf = (resources: Resources) => Object.values(resources).find((r) => r.Type === 'AWS::ApiGateway::Stage')!;

describe('upgrading a stage from the previous release (e47fb6d)', () => {
  it('has a fixture of every stage the tests synthesise, with its stateful resources', () => {
    expect(Object.keys(PREVIOUS.stages).sort()).toEqual(Object.keys(STAGES).sort());
    for (const resources of Object.values(PREVIOUS.stages)) {
      const stateful = Object.values(resources).filter((r) => r.replacing);
      // The table, 4 log groups, 2 secrets, the API, its stage, the usage plan, the KMS key, 2 queues, the topic.
      expect(stateful).toHaveLength(14);
    }
  });

  it.each(Object.keys(STAGES) as Array<keyof typeof STAGES>)(
    'keeps every stateful resource of %s: same logical id, type and replacing properties',
    (stage) => {
      const now = briefOf(synth(STAGES[stage]).resources);
      const kept = Object.fromEntries(Object.entries(PREVIOUS.stages[stage]!).filter(([, brief]) => brief.replacing));
      for (const [id, before] of Object.entries(kept)) expect({ id, ...now[id] }).toEqual({ id, ...before });
      // Nothing stateful is new either, but for what an upgrade note says (none in this release).
      const added = Object.entries(now).filter(([id, brief]) => brief.replacing && !kept[id]);
      expect(added).toEqual([]);
      expect(STATEFUL_TYPES).toContain('AWS::ApiGateway::UsagePlan');
    },
    120_000,
  );

  // CloudFormation refuses an update that changes a resource's type under the same logical id ("Update
  // of resource type is not permitted"), the whole stack rolling back: a metric alarm made a composite
  // under its old id did (issue 34). Any resource, stateful or not, that keeps its id keeps its type.
  it.each(Object.keys(STAGES) as Array<keyof typeof STAGES>)(
    'gives no logical id of %s another type',
    (stage) => {
      const now = briefOf(synth(STAGES[stage]).resources);
      const retyped = Object.entries(PREVIOUS.stages[stage]!)
        .filter(([id, before]) => now[id] && now[id].type !== before.type)
        .map(([id, before]) => `${id}: ${before.type} → ${now[id]!.type}`);
      expect(retyped).toEqual([]);
    },
    120_000,
  );

  it('with -c executionLogGroup=adopt, drops only the execution log group a stage of before had from API Gateway', () => {
    const now = briefOf(synth({ ...STAGES.prod, executionLogGroup: 'adopt' }).resources);
    const stateful = Object.entries(PREVIOUS.stages.prod!).filter(([, brief]) => brief.replacing);
    for (const [id, before] of stateful) {
      if (id === EXECUTION_LOGS) expect(now[id]).toBeUndefined();
      else expect({ id, ...now[id] }).toEqual({ id, ...before });
    }
  }, 120_000);
});

describe('the stage’s execution log group (-c executionLogGroup)', () => {
  it('is made by the stack by default, with the stack’s retention, before the stage that writes to it', () => {
    const { resources } = synth(STAGES.prod);
    const groups = executionLogGroups(resources);
    expect(groups).toHaveLength(1);
    const [id, group] = groups[0]!;
    expect(id).toBe(EXECUTION_LOGS);
    expect(group.Properties).toMatchObject({ RetentionInDays: 90 });
    expect(stageOf(resources).DependsOn).toContain(EXECUTION_LOGS);
  });

  it('is left to API Gateway’s own group with adopt: no LogGroup of that name, and the stage waits for none', () => {
    const { resources } = synth({ ...STAGES.prod, executionLogGroup: 'adopt' });
    expect(executionLogGroups(resources)).toEqual([]);
    expect(stageOf(resources).DependsOn ?? []).not.toContain(EXECUTION_LOGS);
    // Execution logging itself is unchanged: API Gateway keeps writing ERROR lines to the group it made.
    expect(stageOf(resources).Properties!.MethodSettings).toEqual(stageOf(synth(STAGES.prod).resources).Properties!.MethodSettings);
  });

  it('takes the context as `cdk deploy -c executionLogGroup=…` passes it, and refuses any other value', async () => {
    expect(executionLogGroups(await synthAppResources({ executionLogGroup: 'adopt' }))).toEqual([]);
    await expect(synthAppResources({ executionLogGroup: 'import' })).rejects.toThrow('Context "executionLogGroup" must be create or adopt (got "import")');
  }, 120_000);
});

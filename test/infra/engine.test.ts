import { describe, expect, it } from 'vitest';
import { STREAM_FILTER_PATTERNS, WORKER_FUNCTION_ENV, WORKER_NAMES } from '../../functions/engine/rings.ts';
import { DOORBELL, WORKER_FUNCTIONS } from '../../lib/functions.ts';
import { ENGINE_DESCRIPTIONS, ENGINE_TIMEOUTS, STREAM_BATCH } from '../../lib/engine.ts';
import { STAGES, synth, type Resources } from './synth.ts';

const { template, resources: anyResources } = synth();
const resources = anyResources as Record<string, { Type: string; Properties: Record<string, unknown> } & Resources[string]>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const prod = synth(STAGES.prod);

// A function's logical id by its description, which names it (lib/engine.ts).
const logicalIdOf = (name: string) => {
  const id = ofType('AWS::Lambda::Function').find(([, fn]) => fn.Properties.Description === ENGINE_DESCRIPTIONS[name])?.[0];
  if (!id) throw new Error(`no function for ${name}`);
  return id;
};
const ENGINE = [DOORBELL, ...Object.values(WORKER_FUNCTIONS)];
const roleOf = (name: string) => (resources[logicalIdOf(name)]!.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
const statementsOf = (name: string) =>
  (resources[roleOf(name)]!.Properties.Policies as Array<{ PolicyDocument: { Statement: Array<{ Action: string | string[]; Resource: unknown }> } }>)[0]!
    .PolicyDocument.Statement;
const grants = (name: string, action: string) =>
  statementsOf(name)
    .filter((s) => [s.Action].flat().includes(action))
    .flatMap((s) => [s.Resource].flat());
const variablesOf = (name: string) => (resources[logicalIdOf(name)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
const [queueId] = ofType('AWS::SQS::Queue').find(([id]) => id.startsWith('EngineAlarmQueue'))!;
const [deadLettersId] = ofType('AWS::SQS::Queue').find(([id]) => id.startsWith('EngineAlarmDeadLetters'))!;
const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });

describe('the background engine', () => {
  it('gives the table a stream of new images, read by one mapping: the doorbell’s', () => {
    const [tableId, table] = ofType('AWS::DynamoDB::GlobalTable')[0]!;
    const streamMappings = ofType('AWS::Lambda::EventSourceMapping').filter(([, m]) => JSON.stringify(m.Properties.EventSourceArn).includes('StreamArn'));

    expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    expect(streamMappings).toHaveLength(1);
    expect(streamMappings[0]![1].Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      FunctionName: { Ref: logicalIdOf(DOORBELL.name) },
    });
  });

  it('invokes the doorbell only for worklist and outbox writes (the filter rings.ts exports), from the latest record', () => {
    const [, mapping] = ofType('AWS::Lambda::EventSourceMapping').find(([id]) => id.startsWith('EngineStreamMapping'))!;
    const patterns = (mapping.Properties.FilterCriteria as { Filters: Array<{ Pattern: string }> }).Filters.map((f) => JSON.parse(f.Pattern));

    expect(patterns).toEqual(STREAM_FILTER_PATTERNS);
    expect(patterns).toEqual([
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { PK: { S: [{ prefix: 'WORK#' }] } } } },
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { PK: { S: [{ prefix: 'OUTBOX' }] } } } },
    ]);
    expect(mapping.Properties.StartingPosition).toBe('LATEST');
  });

  it('never lets a bad record block its shard: bisect on error, 2 retries, dropped after an hour, failures reported by item', () => {
    const [, mapping] = ofType('AWS::Lambda::EventSourceMapping').find(([id]) => id.startsWith('EngineStreamMapping'))!;

    expect(mapping.Properties).toMatchObject({
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 2,
      MaximumRecordAgeInSeconds: 3600,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: STREAM_BATCH.batchSize,
      MaximumBatchingWindowInSeconds: 0,
      ParallelizationFactor: 1,
    });
  });

  it('rings alarms from an encrypted, TLS-only queue with a dead-letter queue, both read by the doorbell alone', () => {
    const queues = ofType('AWS::SQS::Queue');
    const alarmMapping = ofType('AWS::Lambda::EventSourceMapping').filter(([, m]) => JSON.stringify(m.Properties.EventSourceArn).includes(queueId));

    expect(queues).toHaveLength(2);
    for (const [, queue] of queues) expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    for (const id of [queueId, deadLettersId]) {
      const [, policy] = ofType('AWS::SQS::QueuePolicy').find(([, p]) => JSON.stringify(p.Properties.Queues) === JSON.stringify([{ Ref: id }]))!;
      expect((policy.Properties.PolicyDocument as { Statement: unknown[] }).Statement).toEqual([
        expect.objectContaining({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      ]);
    }
    expect(resources[queueId]!.Properties).toMatchObject({
      RedrivePolicy: { deadLetterTargetArn: arnOf(deadLettersId), maxReceiveCount: 3 },
      // Lambda's SQS guide: at least six times the function's timeout.
      VisibilityTimeout: 6 * ENGINE_TIMEOUTS.doorbell.toSeconds(),
    });
    expect(alarmMapping).toHaveLength(1);
    expect(alarmMapping[0]![1].Properties).toMatchObject({
      FunctionName: { Ref: logicalIdOf(DOORBELL.name) },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    // A maximum concurrency would keep five pollers on the idle queue instead of two.
    expect(alarmMapping[0]![1].Properties.ScalingConfig).toBeUndefined();
    const readers = ofType('AWS::IAM::Role').filter(([, role]) => JSON.stringify(role.Properties.Policies ?? []).includes('sqs:ReceiveMessage'));
    expect(readers.map(([id]) => id)).toEqual([roleOf(DOORBELL.name)]);
  });

  it('gives the doorbell and every worker a role of its own', () => {
    const roles = ENGINE.map((fn) => roleOf(fn.name));
    const everyOtherFunction = ofType('AWS::Lambda::Function').filter(([id]) => !ENGINE.some((fn) => logicalIdOf(fn.name) === id));

    expect(new Set(roles).size).toBe(ENGINE.length);
    for (const [, fn] of everyOtherFunction) expect(roles).not.toContain((fn.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0]);
    expect(new Set(ENGINE.map((fn) => fn.access)).size).toBe(ENGINE.length);
  });

  it('lets the doorbell invoke exactly the five workers and send to the alarm queue, and touch no item of the table', () => {
    expect(grants(DOORBELL.name, 'lambda:InvokeFunction')).toEqual(WORKER_NAMES.map((name) => arnOf(logicalIdOf(WORKER_FUNCTIONS[name].name))));
    expect(grants(DOORBELL.name, 'sqs:SendMessage')).toEqual([arnOf(queueId)]);
    expect(JSON.stringify(statementsOf(DOORBELL.name))).not.toMatch(
      /dynamodb:(GetItem|PutItem|UpdateItem|DeleteItem|Query|Scan|BatchGetItem|BatchWriteItem|ConditionCheckItem)"/,
    );
  });

  it('lets every worker send to the alarm queue, and only the relay invoke a function: the sender', () => {
    for (const name of WORKER_NAMES) {
      const worker = WORKER_FUNCTIONS[name].name;
      expect(grants(worker, 'sqs:SendMessage')).toEqual([arnOf(queueId)]);
      expect(grants(worker, 'lambda:InvokeFunction')).toEqual(name === 'relay' ? [arnOf(logicalIdOf(WORKER_FUNCTIONS.webhooks.name))] : []);
    }
  });

  it('tells the doorbell every worker’s function, the relay the sender’s, and every engine function the alarm queue', () => {
    const queueUrl = { Ref: queueId };
    expect(variablesOf(DOORBELL.name)).toMatchObject({
      ALARM_QUEUE_URL: queueUrl,
      ...Object.fromEntries(WORKER_NAMES.map((name) => [WORKER_FUNCTION_ENV[name], { Ref: logicalIdOf(WORKER_FUNCTIONS[name].name) }])),
    });
    for (const name of WORKER_NAMES) {
      const variables = variablesOf(WORKER_FUNCTIONS[name].name);
      expect(variables.ALARM_QUEUE_URL).toEqual(queueUrl);
      expect(Object.keys(variables).filter((key) => key.startsWith('WORKER_FUNCTION_'))).toEqual(name === 'relay' ? ['WORKER_FUNCTION_WEBHOOKS'] : []);
    }
    expect(variablesOf(WORKER_FUNCTIONS.relay.name).WORKER_FUNCTION_WEBHOOKS).toEqual({ Ref: logicalIdOf(WORKER_FUNCTIONS.webhooks.name) });
  });

  it('runs every worker on Node.js 24 arm64 with its timeout, no retries of a failed run and wakes dropped after a minute', () => {
    for (const name of WORKER_NAMES) {
      const id = logicalIdOf(WORKER_FUNCTIONS[name].name);
      const timeout = name === 'webhooks' ? ENGINE_TIMEOUTS.webhooks : ENGINE_TIMEOUTS.worker;
      expect(resources[id]!.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        Timeout: timeout.toSeconds(),
      });
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: id }, MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 60 });
    }
    // The sender's attempts take up to 10 s each: its run has room for several rounds.
    expect(ENGINE_TIMEOUTS.webhooks.toSeconds()).toBeGreaterThanOrEqual(6 * 10);
    expect(resources[logicalIdOf(DOORBELL.name)]!.Properties.Timeout).toBe(ENGINE_TIMEOUTS.doorbell.toSeconds());
  });

  it('records no X-Ray trace of its own (an idle stage would record six a minute), only when a caller’s is passed through', () => {
    for (const fn of ENGINE) expect(resources[logicalIdOf(fn.name)]!.Properties.TracingConfig).toEqual({ Mode: 'PassThrough' });
  });

  it('leaves no function of the old schedules: no RUN_MESSAGES heartbeat and no rule but the sweep', () => {
    const descriptions = ofType('AWS::Lambda::Function').map(([, fn]) => fn.Properties.Description as string);

    expect(descriptions.filter((d) => /every minute/.test(d))).toEqual([]);
    expect(ofType('AWS::Events::Rule').filter(([, rule]) => rule.Properties.ScheduleExpression !== undefined)).toHaveLength(1);
    expect(JSON.stringify(template.toJSON())).not.toMatch(/workers ran|webhooks ran|WorkerRuns/);
  });

  // The stack's total against CloudFormation's 500 is one rule, the routes' headroom (stack.test.ts).
  it('adds few resources: the same 23 in every stage', () => {
    const engineOf = (all: Record<string, unknown>) => Object.keys(all).filter((id) => id.startsWith('Engine'));

    // 6 functions, their 6 asynchronous invoke configurations, 2 mappings, 2 queues and their 2 policies, the rule and its permission, 3 metric filters.
    expect(engineOf(resources).length).toBeLessThanOrEqual(23);
    expect(engineOf(prod.resources)).toEqual(engineOf(resources));
  });

  it('alarms on a missing sweep (fewer than 3 in 5 minutes) only once a sweep has run, so a new stage does not page; a dead alarm message and a stream a minute behind', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([id, a]) => ({ id, ...a.Properties }) as { id: string } & Record<string, unknown>);
    const byDescription = (start: string) => alarms.find((a) => (a.AlarmDescription as string).startsWith(start));
    const [deadLettersId] = ofType('AWS::SQS::Queue').find(([id]) => id.startsWith('EngineAlarmDeadLetters'))!;
    const sweepRuns = { Namespace: 'DeliveryApi', MetricName: 'SweepRuns', Dimensions: [{ Name: 'Stage', Value: 'dev' }], Statistic: 'Sum', Period: 300 };

    // Missing data breaches (a stopped sweep publishes nothing) ...
    const missing = alarms.find((a) => a.id.startsWith('MonitoringSweepsMissing'))!;
    expect(missing).toMatchObject({ ...sweepRuns, Threshold: 3, ComparisonOperator: 'LessThanThreshold', TreatMissingData: 'breaching', EvaluationPeriods: 1 });
    // ... but a new stage has none either: this one is ALARM once a sweep ran and keeps its state without data ("ignore").
    const seen = alarms.find((a) => a.id.startsWith('MonitoringSweepsSeen'))!;
    expect(seen).toMatchObject({ ...sweepRuns, Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'ignore' });
    for (const alarm of [missing, seen]) expect(alarm.AlarmActions).toBeUndefined();
    // The page: both in ALARM.
    const composites = ofType('AWS::CloudWatch::CompositeAlarm').filter(([id]) => id.startsWith('MonitoringEngineHeartbeat'));
    expect(composites).toHaveLength(1);
    const heartbeat = composites[0]![1];
    expect(heartbeat.Properties.AlarmDescription).toMatch(/^Engine: fewer than 3 sweeps in 5 minutes/);
    expect(heartbeat.Properties.AlarmRule).toEqual({
      'Fn::Join': ['', ['(ALARM("', { 'Fn::GetAtt': [missing.id, 'Arn'] }, '") AND ALARM("', { 'Fn::GetAtt': [seen.id, 'Arn'] }, '"))']],
    });
    expect(heartbeat.Properties.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^AlarmTopic/) }]);
    expect(heartbeat.Properties.OKActions).toEqual(heartbeat.Properties.AlarmActions);
    expect(byDescription('Engine: an alarm the doorbell could not ring')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [deadLettersId, 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(byDescription('Engine: the doorbell is a minute or more behind')).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'IteratorAge',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalIdOf(DOORBELL.name) } }],
      Statistic: 'Maximum',
      Threshold: 60_000,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('runs one schedule, the sweep: the doorbell every minute with {"source":"sweep"}, with no retries of a missed one', () => {
    const rules = ofType('AWS::Events::Rule');
    const doorbell = logicalIdOf(DOORBELL.name);

    expect(rules).toHaveLength(1);
    expect(rules[0]![1].Properties).toMatchObject({
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Targets: [{ Arn: { 'Fn::GetAtt': [doorbell, 'Arn'] }, Input: '{"source":"sweep"}', RetryPolicy: { MaximumRetryAttempts: 0 } }],
    });
    // Lambda retries a failed asynchronous invocation twice by itself unless told not to.
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: doorbell },
      MaximumRetryAttempts: 0,
      MaximumEventAgeInSeconds: 60,
    });
  });
});

import { Duration } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { EventSourceMapping, StartingPosition, Tracing } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { STREAM_FILTER_PATTERNS, WORKER_FUNCTION_ENV, WORKER_NAMES, type WorkerName } from '../functions/engine/rings.ts';
import { functionId } from '../functions/http/routes.ts';
import { DOORBELL, WORKER_FUNCTIONS, type FunctionSpec } from './functions.ts';
import type { FunctionRoles } from './function-roles.ts';
import { ServiceFunction } from './service-function.ts';

/**
 * How long each function may run. The doorbell only rings (a few Invoke and SendMessage calls, tens of
 * milliseconds each), with room for the SDK's retries. A worker passes until its deadline and then
 * sets an alarm due now for the rest, so a longer run buys nothing but a later retry of a stuck one; the webhook
 * sender's attempts take up to 10 s each, and a minute lets it start several rounds of them.
 */
export const ENGINE_TIMEOUTS = {
  doorbell: Duration.seconds(30),
  worker: Duration.seconds(30),
  webhooks: Duration.seconds(60),
} as const;

/**
 * The stream mapping's batches. No batching window: Lambda polls a shard four times a second and
 * invokes as soon as a poll finds records, which is what keeps booked → offered under a second; under
 * load batches grow by themselves, since a shard has one invocation at a time and what arrives during
 * one waits for the next. 100 records is far more than one ring needs (it wakes each worker once
 * whatever the count) and keeps a bisected bad batch to seven halvings.
 */
export const STREAM_BATCH = { batchSize: 100, maxBatchingWindow: Duration.seconds(0) } as const;

export interface EngineProps {
  table: TableV2;
  roles: FunctionRoles;
  /** The log group every function shares (each line names its function). */
  logGroup: ILogGroup;
  stage: string;
  logLevel: string;
  /** Executions reserved for each worker (and its ceiling); none unless configured (see DeliveryApiStackProps). */
  reservedConcurrency?: number;
  /** What the webhook sender needs beside the table: the key that opens signing secrets. */
  senderEnvironment: Record<string, string>;
}

/**
 * The background engine (ENGINE.md): the table's stream rings a doorbell, which wakes the five workers
 * (each its own function and IAM kind) by an asynchronous invoke, or sets an alarm for later as a
 * delayed message on the alarm queue, which rings the doorbell again when it is due. A rule every
 * minute sends the doorbell a sweep that wakes every worker: the safety net for a ring that is lost.
 * The worklists and the outbox in the table stay the truth; a ring only says "look now".
 */
export class Engine extends Construct {
  readonly doorbell: NodejsFunction;
  readonly workers: Readonly<Record<WorkerName, NodejsFunction>>;
  /** Alarms: delayed messages that ring the doorbell when a worker's next work falls due. */
  readonly alarmQueue: Queue;
  /** Alarms the doorbell failed to ring three times. */
  readonly deadLetters: Queue;
  /** The one reader of the table's stream. */
  readonly streamMapping: EventSourceMapping;

  constructor(scope: Construct, id: string, props: EngineProps) {
    super(scope, id);
    const { table, roles } = props;
    // SQS-managed encryption: free, and no KMS calls per message (a key of our own would cost $1 a month idle).
    this.deadLetters = new Queue(this, 'AlarmDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // A message keeps its first enqueue time in the dead-letter queue: two weeks to look at it.
      retentionPeriod: Duration.days(14),
    });
    this.alarmQueue = new Queue(this, 'AlarmQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Six times the doorbell's timeout, as Lambda's SQS guide asks, so a batch in hand is not handed out twice.
      visibilityTimeout: Duration.seconds(6 * ENGINE_TIMEOUTS.doorbell.toSeconds()),
      // An alarm is at most 15 minutes out; a day leaves its three tries ample room before the dead-letter queue.
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: 3 },
    });
    const send = new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.alarmQueue.queueArn] });
    const queueUrl = { ALARM_QUEUE_URL: this.alarmQueue.queueUrl };

    const worker = (name: WorkerName, environment: Record<string, string>) => {
      const spec = WORKER_FUNCTIONS[name];
      return this.function(spec, props, {
        timeout: name === 'webhooks' ? ENGINE_TIMEOUTS.webhooks : ENGINE_TIMEOUTS.worker,
        reservedConcurrency: props.reservedConcurrency,
        environment: { ...queueUrl, ...environment },
      });
    };
    // The sender first: the relay names it (it rings the sender itself when it placed deliveries).
    const webhooks = worker('webhooks', props.senderEnvironment);
    const relay = worker('relay', { [WORKER_FUNCTION_ENV.webhooks]: webhooks.functionName });
    this.workers = {
      dispatch: worker('dispatch', {}),
      simulation: worker('simulation', {}),
      remittances: worker('remittances', {}),
      relay,
      webhooks,
    };
    for (const name of WORKER_NAMES) roles.allow(WORKER_FUNCTIONS[name].access, send);
    roles.allow(WORKER_FUNCTIONS.relay.access, new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [webhooks.functionArn] }));

    this.doorbell = this.function(DOORBELL, props, {
      timeout: ENGINE_TIMEOUTS.doorbell,
      environment: { ...queueUrl, ...Object.fromEntries(WORKER_NAMES.map((name) => [WORKER_FUNCTION_ENV[name], this.workers[name].functionName])) },
    });
    const streamArn = table.tableStreamArn;
    if (!streamArn) throw new Error('The engine reads the table’s stream: the table needs dynamoStream');
    roles.allow(
      DOORBELL.access,
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: WORKER_NAMES.map((name) => this.workers[name].functionArn) }),
      send,
      // What Lambda's pollers need of the role: the stream's shards and records, the alarm queue's messages.
      new PolicyStatement({ actions: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'], resources: [streamArn] }),
      new PolicyStatement({ actions: ['dynamodb:ListStreams'], resources: ['*'] }),
      new PolicyStatement({ actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes'], resources: [this.alarmQueue.queueArn] }),
    );

    // One reader of the stream (a shard allows two): filtered to worklist and outbox writes, so other
    // writes invoke nothing. A batch that fails is halved until the bad record is alone, retried twice,
    // and dropped after an hour: it never blocks its shard, and the sweep finds the work it named.
    this.streamMapping = new EventSourceMapping(this, 'StreamMapping', {
      target: this.doorbell,
      eventSourceArn: streamArn,
      startingPosition: StartingPosition.LATEST,
      ...STREAM_BATCH,
      parallelizationFactor: 1,
      bisectBatchOnError: true,
      retryAttempts: 2,
      maxRecordAge: Duration.hours(1),
      reportBatchItemFailures: true,
      filters: STREAM_FILTER_PATTERNS.map((pattern) => ({ pattern: JSON.stringify(pattern) })),
    });
    // Alarms: ten at a time, no window (an alarm is already late when it arrives), a message the
    // doorbell could not ring retried alone. No maximum concurrency: with one, Lambda keeps five
    // pollers long-polling an idle queue; without, it can go down to two (about 260,000 requests a
    // month instead of 650,000; Lambda's "Configuring scaling behavior for SQS event source mappings").
    new EventSourceMapping(this, 'AlarmMapping', {
      target: this.doorbell,
      eventSourceArn: this.alarmQueue.queueArn,
      batchSize: 10,
      reportBatchItemFailures: true,
    });
    // The sweep: a missed one is not retried (by EventBridge or by Lambda), the next minute's is as good.
    this.doorbell.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(1) });
    new Rule(this, 'Sweep', {
      description: 'The engine’s safety net: wakes every worker once a minute',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.doorbell, { retryAttempts: 0, event: RuleTargetInput.fromObject({ source: 'sweep' }) })],
    });
  }

  // One of the engine's functions. Traced only when its caller was (none is): with active tracing every
  // idle minute's six invocations would each record a trace, 259,200 a month, more than the rest of the
  // idle engine costs (docs/operations.md).
  private function(spec: FunctionSpec, props: EngineProps, options: { timeout: Duration; reservedConcurrency?: number; environment: Record<string, string> }) {
    const { fn } = new ServiceFunction(this, functionId(spec.name), {
      ...spec,
      description: ENGINE_DESCRIPTIONS[spec.name]!,
      table: props.table,
      role: props.roles.roleFor(spec.access, props.logGroup),
      logGroup: props.logGroup,
      stage: props.stage,
      logLevel: props.logLevel,
      tracing: Tracing.PASS_THROUGH,
      ...options,
    });
    if (spec !== DOORBELL)
      // A failed or late run is not worth repeating: its work stays on the worklist, and the next ring or
      // the sweep (within a minute) runs the worker again; a wake queued longer than that is dropped.
      fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(1) });
    return fn;
  }
}

/** What each of the engine's functions does (its description in the console). */
export const ENGINE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  [DOORBELL.name]: 'The engine’s doorbell: wakes workers from the table’s stream, the alarm queue and the minute’s sweep',
  [WORKER_FUNCTIONS.dispatch.name]: 'Dispatch: offers, timeouts and unconfirmed acceptances',
  [WORKER_FUNCTIONS.simulation.name]: 'The sandbox rider',
  [WORKER_FUNCTIONS.remittances.name]: 'Cash-on-delivery remittances',
  [WORKER_FUNCTIONS.relay.name]: 'The event relay: the outbox into the stores’ feeds and webhook deliveries',
  [WORKER_FUNCTIONS.webhooks.name]: 'The webhook sender',
};

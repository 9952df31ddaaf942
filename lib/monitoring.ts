import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  AlarmRule,
  AlarmState,
  ComparisonOperator,
  CompositeAlarm,
  MathExpression,
  Metric,
  TreatMissingData,
  type AlarmBase,
  type IAlarmAction,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';

/** The engine as its alarms see it (lib/engine.ts). */
export interface EngineWatch {
  /** The doorbell and the workers. */
  functions: NodejsFunction[];
  /** Sweeps that ran, a 5-minute sum (EngineMetrics.sweeps). */
  sweeps: IMetric;
  /** Messages in the alarm queue's dead-letter queue. */
  deadLetters: IMetric;
  /** How old the last stream record the doorbell got was (IteratorAge, the maximum). */
  iteratorAge: IMetric;
}

export interface MonitoringProps {
  api: RestApi;
  /** The background engine. */
  engine: EngineWatch;
  table: TableV2;
  /** The workers' failed worklist items, of this stage. */
  workerItemFailures: IMetric;
  /** Jobs marked overdue (a parcel's way back or a rider's re-arrival past its deadline), of this stage. */
  overdueJobs: IMetric;
  action?: IAlarmAction;
}

/** The sweep runs every minute: fewer than this many in 5 minutes is an alarm. */
export const HEARTBEAT_MIN_RUNS = 3;

/** The doorbell's stream records this old (ms) mean rings a minute late, the sweep's period: an alarm. */
export const ITERATOR_AGE_ALARM_MS = 60_000;

/** 5XX answers in 5 minutes that are an alarm whatever the traffic (a crash loop of one rarely called route). */
export const API_5XX_COUNT = 5;

/** A p99 of fewer requests than this in 5 minutes is their slowest one (a cold start): it counts as 0. */
export const P99_MIN_REQUESTS = 100;

const name = (fn: NodejsFunction) => fn.node.scope!.node.id;

/**
 * The alarms an on-call engineer needs, at 21 alarm metrics a stage (CloudWatch bills an alarm per
 * metric in it): the API's 5XX rate and count and its p99 latency, at the gateway; the account's
 * Lambda throttles; a failed run of an engine function, a missing sweep, a dead alarm message and a
 * late stream; the table's throttles and system errors; the workers' failed items and overdue jobs.
 * No alarm per route function: a route function's crash or timeout is a 5XX answer of the gateway,
 * counted by both 5XX alarms. Every alarm says when it is OK again.
 */
export class Monitoring extends Construct {
  /** Every alarm that pages (the sweep's heartbeat is a composite of two silent metric alarms). */
  readonly alarms: AlarmBase[] = [];
  private readonly alarmAction: IAlarmAction | undefined;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.alarmAction = props.action;
    const { api, table, engine } = props;
    const fiveMinutes = Duration.minutes(5);
    const requests = api.metricCount({ period: fiveMinutes, statistic: 'Sum' });
    const serverErrors = api.metricServerError({ period: fiveMinutes, statistic: 'Sum' });

    const serverErrorRate = new MathExpression({
      // A scalar may not stand in an array of time series (MAX([requests, 1]) fails at alarm creation): IF is CloudWatch's way.
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { errors: serverErrors, requests },
      period: fiveMinutes,
      label: '5XX rate (%)',
    });
    this.add('Api5xxRate', serverErrorRate, 1, '1% or more of requests answered 5XX over 5 minutes');
    this.add(
      'Api5xxCount',
      serverErrors,
      API_5XX_COUNT,
      `${API_5XX_COUNT} or more requests answered 5XX in 5 minutes (a route function’s crash or timeout is one)`,
    );
    const latency = new MathExpression({
      expression: `IF(requests >= ${P99_MIN_REQUESTS}, latency, 0)`,
      usingMetrics: { latency: api.metricLatency({ period: fiveMinutes, statistic: 'p99' }), requests },
      period: fiveMinutes,
      label: `p99 latency (ms) of ${P99_MIN_REQUESTS} requests or more`,
    });
    this.add('ApiLatencyP99', latency, 2_000, `p99 latency 2 s or more in 2 of 3 5-minute periods of ${P99_MIN_REQUESTS} requests or more`, {
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });
    // Lambda's Throttles without dimensions: every function of the account and region. Concurrency is the
    // account's, shared by every stage and function, so a throttle anywhere is worth a look.
    const accountThrottles = new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', period: fiveMinutes, statistic: 'Sum' });
    this.add(
      'LambdaThrottles',
      accountThrottles,
      1,
      'Account-wide: Lambda throttled 1 or more invocations in 5 minutes (any function of this account and region)',
    );

    // One failed run of any of them is worth a look (a worker's own failures are caught and logged as
    // failed items: an error here is a timeout or a crash).
    const failed = new MathExpression({
      expression: `MAX([${engine.functions.map((_, j) => `e${j}`).join(', ')}])`,
      usingMetrics: Object.fromEntries(engine.functions.map((fn, j) => [`e${j}`, fn.metricErrors({ period: fiveMinutes, statistic: 'Sum' })])),
      period: fiveMinutes,
      label: 'Most failed runs of one engine function',
    });
    this.add('EngineFailedRuns', failed, 1, `One of ${engine.functions.map(name).join(', ')}: a run failed`);
    this.heartbeat(engine.sweeps);
    this.add('AlarmDeadLetters', engine.deadLetters, 1, 'Engine: an alarm the doorbell could not ring is in the dead-letter queue');
    this.add('StreamIteratorAge', engine.iteratorAge, ITERATOR_AGE_ALARM_MS, 'Engine: the doorbell is a minute or more behind the table’s stream');

    const tableMetric = (metricName: string) =>
      new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: table.tableName }, period: fiveMinutes, statistic: 'Sum' });
    const throttles = new MathExpression({
      expression: 'FILL(reads, 0) + FILL(writes, 0)',
      usingMetrics: { reads: tableMetric('ReadThrottleEvents'), writes: tableMetric('WriteThrottleEvents') },
      period: fiveMinutes,
      label: 'DynamoDB throttle events',
    });
    this.add('TableThrottles', throttles, 1, 'DynamoDB throttled reads or writes');
    this.add('TableSystemErrors', tableMetric('SystemErrors'), 1, 'DynamoDB system errors');
    this.add('WorkerItemFailures', props.workerItemFailures, 1, 'Workers: a job failed to move (worker item failed in the logs)');
    this.add(
      'OverdueJobs',
      props.overdueJobs,
      1,
      'Jobs overdue: a parcel’s way back or a rider’s re-arrival passed its deadline (npm run admin -- review list)',
    );
  }

  /**
   * The sweep's heartbeat, which does not fire on a new stage. Missing data must breach (a stopped
   * sweep publishes nothing), but a new stage has no data either. So two silent alarms and a composite
   * of them pages: `SweepsMissing` (fewer than 3 in 5 minutes, missing breaching) and `SweepsSeen` (a
   * sweep ran; missing data ignored, so it keeps ALARM once a sweep was seen and stays INSUFFICIENT_DATA
   * until then: CloudWatch's "ignore" keeps the alarm's state). `EngineHeartbeat` is ALARM when both are.
   * Not named SweepHeartbeat: that id was a metric alarm, and CloudFormation refuses an update that
   * changes a logical id's type ("Update of resource type is not permitted").
   */
  private heartbeat(sweeps: IMetric): void {
    const missing = new Alarm(this, 'SweepsMissing', {
      metric: sweeps,
      threshold: HEARTBEAT_MIN_RUNS,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.BREACHING,
      alarmDescription: `Silent (EngineHeartbeat pages): fewer than ${HEARTBEAT_MIN_RUNS} sweeps in 5 minutes, no data breaching`,
    });
    const seen = new Alarm(this, 'SweepsSeen', {
      metric: sweeps,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.IGNORE,
      alarmDescription: 'Silent (EngineHeartbeat reads it): ALARM means a sweep has run on this stage; no data keeps the state',
    });
    const heartbeat = new CompositeAlarm(this, 'EngineHeartbeat', {
      alarmRule: AlarmRule.allOf(AlarmRule.fromAlarm(missing, AlarmState.ALARM), AlarmRule.fromAlarm(seen, AlarmState.ALARM)),
      alarmDescription: `Engine: fewer than ${HEARTBEAT_MIN_RUNS} sweeps in 5 minutes (one runs every minute) on a stage that has swept before`,
    });
    this.notify(heartbeat);
  }

  private add(
    id: string,
    metric: IMetric,
    threshold: number,
    description: string,
    options: { evaluationPeriods?: number; datapointsToAlarm?: number } = {},
  ): void {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      datapointsToAlarm: options.datapointsToAlarm,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    this.notify(alarm);
  }

  private notify(alarm: AlarmBase): void {
    if (this.alarmAction) {
      alarm.addAlarmAction(this.alarmAction);
      alarm.addOkAction(this.alarmAction);
    }
    this.alarms.push(alarm);
  }
}

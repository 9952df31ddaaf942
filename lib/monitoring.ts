import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IAlarmAction, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
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
  /** The functions behind the API (the routes and the authorizer). */
  functions: NodejsFunction[];
  /** The background engine. */
  engine: EngineWatch;
  table: TableV2;
  /** The workers' failed worklist items, of this stage. */
  workerItemFailures: IMetric;
  /** Jobs marked overdue (a parcel's way back or a rider's re-arrival past its deadline), of this stage. */
  overdueJobs: IMetric;
  action?: IAlarmAction;
}

/** CloudWatch takes at most 10 metrics in one alarm. */
export const METRICS_PER_ALARM = 10;

/** The sweep runs every minute: fewer than this many in 5 minutes is an alarm. */
export const HEARTBEAT_MIN_RUNS = 3;

/** The doorbell's stream records this old (ms) mean rings a minute late, the sweep's period: an alarm. */
export const ITERATOR_AGE_ALARM_MS = 60_000;

const name = (fn: NodejsFunction) => fn.node.scope!.node.id;

/**
 * The alarms an on-call engineer needs: errors, latency, throttling, at the gateway, the functions and
 * the table; a failed run of a scheduled function, and a missing heartbeat. Functions' alarms are over
 * metric math of up to ten functions each (one alarm a group, not two a function): the description
 * names the functions, the graph shows which. Every alarm says when it is OK again.
 */
export class Monitoring extends Construct {
  readonly alarms: Alarm[] = [];
  private readonly alarmAction: IAlarmAction | undefined;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.alarmAction = props.action;
    const { api, table } = props;
    const fiveMinutes = Duration.minutes(5);

    const serverErrorRate = new MathExpression({
      // A scalar may not stand in an array of time series (MAX([requests, 1]) fails at alarm creation): IF is CloudWatch's way.
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: {
        errors: api.metricServerError({ period: fiveMinutes, statistic: 'Sum' }),
        requests: api.metricCount({ period: fiveMinutes, statistic: 'Sum' }),
      },
      period: fiveMinutes,
      label: '5XX rate (%)',
    });
    this.add('Api5xxRate', serverErrorRate, 1, '1% or more of requests answered 5XX over 5 minutes');
    this.add('ApiLatencyP99', api.metricLatency({ period: fiveMinutes, statistic: 'p99' }), 2_000, 'p99 latency 2 s or more over 5 minutes');

    // Groups of functions: the one with most errors, and the throttles of all.
    const groups = <T>(items: T[]) =>
      Array.from({ length: Math.ceil(items.length / METRICS_PER_ALARM) }, (_, i) => items.slice(i * METRICS_PER_ALARM, (i + 1) * METRICS_PER_ALARM));
    const over = (fns: NodejsFunction[], metric: (fn: NodejsFunction) => IMetric, prefix: string) =>
      Object.fromEntries(fns.map((fn, i) => [`${prefix}${i}`, metric(fn)]));
    groups(props.functions).forEach((fns, i) => {
      const errors = new MathExpression({
        expression: `MAX([${fns.map((_, j) => `e${j}`).join(', ')}])`,
        usingMetrics: over(fns, (fn) => fn.metricErrors({ period: fiveMinutes, statistic: 'Sum' }), 'e'),
        period: fiveMinutes,
        label: 'Most invocation errors of one function',
      });
      this.add(`FunctionErrors${i + 1}`, errors, 5, `One of ${fns.map(name).join(', ')}: 5 or more invocation errors in 5 minutes`);
    });
    const { engine } = props;
    const all = [...props.functions, ...engine.functions];
    groups(all).forEach((fns, i) => {
      const throttles = new MathExpression({
        expression: `SUM([${fns.map((_, j) => `t${j}`).join(', ')}])`,
        usingMetrics: over(fns, (fn) => fn.metricThrottles({ period: fiveMinutes, statistic: 'Sum' }), 't'),
        period: fiveMinutes,
        label: 'Throttled invocations',
      });
      this.add(`FunctionThrottles${i + 1}`, throttles, 1, `${fns.map(name).join(', ')}: throttled by Lambda concurrency`);
    });

    // One failed run of any of them is worth a look (a worker's own failures are caught and logged as
    // failed items: an error here is a timeout or a crash).
    const failed = new MathExpression({
      expression: `MAX([${engine.functions.map((_, j) => `e${j}`).join(', ')}])`,
      usingMetrics: over(engine.functions, (fn) => fn.metricErrors({ period: fiveMinutes, statistic: 'Sum' }), 'e'),
      period: fiveMinutes,
      label: 'Most failed runs of one engine function',
    });
    this.add('EngineFailedRuns', failed, 1, `One of ${engine.functions.map(name).join(', ')}: a run failed`);
    this.add('SweepHeartbeat', engine.sweeps, HEARTBEAT_MIN_RUNS, `Engine: fewer than ${HEARTBEAT_MIN_RUNS} sweeps in 5 minutes (one runs every minute)`, {
      comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.BREACHING,
    });
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

  private add(
    id: string,
    metric: IMetric,
    threshold: number,
    description: string,
    options: { comparisonOperator?: ComparisonOperator; treatMissingData?: TreatMissingData } = {},
  ): void {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: options.comparisonOperator ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: options.treatMissingData ?? TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    if (this.alarmAction) {
      alarm.addAlarmAction(this.alarmAction);
      alarm.addOkAction(this.alarmAction);
    }
    this.alarms.push(alarm);
  }
}

import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IAlarmAction, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';

export interface MonitoringProps {
  api: RestApi;
  functions: NodejsFunction[];
  table: TableV2;
  /** The workers' failed worklist items. */
  workerItemFailures: IMetric;
  action?: IAlarmAction;
}

/** The alarms an on-call engineer needs: errors, latency, throttling, at the gateway, the functions and the table. */
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
    this.add('Api5xxRate', serverErrorRate, 1, 'More than 1% of requests answered 5XX over 5 minutes');
    this.add('ApiLatencyP99', api.metricLatency({ period: fiveMinutes, statistic: 'p99' }), 2_000, 'p99 latency above 2 s over 5 minutes');

    for (const fn of props.functions) {
      // The function's construct (ServiceFunction) carries the readable name, e.g. GetBalance.
      const name = fn.node.scope!.node.id;
      this.add(`${name}Errors`, fn.metricErrors({ period: fiveMinutes, statistic: 'Sum' }), 5, `${name}: more than 5 invocation errors in 5 minutes`);
      this.add(`${name}Throttles`, fn.metricThrottles({ period: fiveMinutes, statistic: 'Sum' }), 1, `${name}: throttled by Lambda concurrency`);
    }

    const tableMetric = (metricName: string) =>
      new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: table.tableName }, period: fiveMinutes, statistic: 'Sum' });
    const throttles = new MathExpression({
      expression: 'reads + writes',
      usingMetrics: { reads: tableMetric('ReadThrottleEvents'), writes: tableMetric('WriteThrottleEvents') },
      period: fiveMinutes,
      label: 'DynamoDB throttle events',
    });
    this.add('TableThrottles', throttles, 1, 'DynamoDB throttled reads or writes');
    this.add('TableSystemErrors', tableMetric('SystemErrors'), 1, 'DynamoDB system errors');
    this.add('WorkerItemFailures', props.workerItemFailures, 1, 'Workers: a job failed to move (worker item failed in the logs)');
  }

  private add(id: string, metric: IMetric, threshold: number, description: string): void {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    if (this.alarmAction) alarm.addAlarmAction(this.alarmAction);
    this.alarms.push(alarm);
  }
}

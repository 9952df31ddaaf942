import { Duration } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { FilterPattern, MetricFilter, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { WORKER_ITEM_FAILED } from '../functions/workers/ticks.ts';
import { Construct } from 'constructs';
import type { FunctionSpec } from './functions.ts';
import { ServiceFunction } from './service-function.ts';

export interface BackgroundWorkersProps {
  /** The function: the scheduled workers (dispatch, the simulator, the event relay) or the webhook sender. */
  spec: FunctionSpec;
  /** Its construct id (its logical ids derive from it). */
  functionId: string;
  description: string;
  table: TableV2;
  logRetention: RetentionDays;
  logLevel: string;
  environment?: Record<string, string>;
}

/**
 * Background work without a server: a function EventBridge starts every minute, which ticks every two
 * seconds for most of the minute. No concurrency is reserved (a new account's
 * quota of 10 must stay unreserved): ticks are safe to overlap and to repeat, since every move is a
 * versioned write, so two runs side by side move nothing twice. A failed run is not retried, by
 * EventBridge or by Lambda's own asynchronous retries: the next minute's run does the work.
 */
export class BackgroundWorkers extends Construct {
  readonly fn: NodejsFunction;
  /** Worklist items a tick could not move (each logged as `worker item failed`). */
  readonly itemFailures: Metric;

  constructor(scope: Construct, id: string, props: BackgroundWorkersProps) {
    super(scope, id);
    const workers = new ServiceFunction(this, props.functionId, {
      ...props.spec,
      description: props.description,
      table: props.table,
      logRetention: props.logRetention,
      logLevel: props.logLevel,
      timeout: Duration.seconds(60),
      environment: props.environment,
    });
    this.fn = workers.fn;
    const failures = new MetricFilter(this, 'ItemFailures', {
      logGroup: workers.logGroup,
      filterPattern: FilterPattern.stringValue('$.message', '=', WORKER_ITEM_FAILED),
      metricNamespace: 'DeliveryApi',
      metricName: 'WorkerItemFailures',
      metricValue: '1',
    });
    this.itemFailures = failures.metric({ period: Duration.minutes(5), statistic: 'Sum' });
    this.fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(1) });
    new Rule(this, 'EveryMinute', { schedule: Schedule.rate(Duration.minutes(1)), targets: [new LambdaFunction(this.fn, { retryAttempts: 0 })] });
  }
}

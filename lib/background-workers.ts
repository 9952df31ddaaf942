import { Duration } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { WORKER_ITEM_FAILED } from '../functions/workers/worklist.ts';
import { Construct } from 'constructs';
import type { FunctionSpec } from './functions.ts';
import type { FunctionRoles } from './function-roles.ts';
import { ServiceFunction } from './service-function.ts';

/** The namespace of the service's own metrics; each has the dimension Stage. */
export const METRIC_NAMESPACE = 'DeliveryApi';

export interface BackgroundWorkersProps {
  /** The function: the scheduled workers (dispatch, the simulator, remittances, the event relay) or the webhook sender. */
  spec: FunctionSpec;
  /** Its construct id (its logical ids derive from it). */
  functionId: string;
  description: string;
  table: TableV2;
  roles: FunctionRoles;
  /** The log group every function shares (each line names its function). */
  logGroup: ILogGroup;
  /** Its heartbeat: the runs that ended, of every scheduled function (WorkerMetrics). */
  metrics: WorkerMetrics;
  stage: string;
  logLevel: string;
  /** Executions reserved for it (and its ceiling); none unless configured (see DeliveryApiStackProps). */
  reservedConcurrency?: number;
  environment?: Record<string, string>;
}

/**
 * Background work without a server: a function EventBridge starts every minute, which ticks every two
 * seconds for most of the minute. Concurrency is reserved only when configured (a new account's
 * quota of 10 must stay unreserved): ticks are safe to overlap and to repeat, since every move is a
 * versioned write, so two runs side by side move nothing twice. A failed run is not retried, by
 * EventBridge or by Lambda's own asynchronous retries: the next minute's run does the work.
 */
export class BackgroundWorkers extends Construct {
  readonly fn: NodejsFunction;
  /** Runs that ended (each logs its totals once), of this function: missing means it stopped running. */
  readonly runs: Metric;

  constructor(scope: Construct, id: string, props: BackgroundWorkersProps) {
    super(scope, id);
    const { logGroup } = props;
    const workers = new ServiceFunction(this, props.functionId, {
      ...props.spec,
      description: props.description,
      table: props.table,
      role: props.roles.roleFor(props.spec.access, logGroup),
      logGroup,
      stage: props.stage,
      logLevel: props.logLevel,
      timeout: Duration.seconds(60),
      reservedConcurrency: props.reservedConcurrency,
      environment: props.environment,
    });
    this.fn = workers.fn;
    this.runs = props.metrics.runsOf(this.fn);
    this.fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(1) });
    new Rule(this, 'EveryMinute', { schedule: Schedule.rate(Duration.minutes(1)), targets: [new LambdaFunction(this.fn, { retryAttempts: 0 })] });
  }
}

/**
 * The scheduled functions' two metrics, from the log group they share, each with the stage: the items
 * a tick could not move (`WorkerItemFailures`) and the runs that ended (`WorkerRuns`, by function name:
 * the heartbeat). Both count log lines (functions/workers/): a filter costs nothing until it matches.
 */
export class WorkerMetrics extends Construct {
  /** Worklist items a tick could not move (each logged as `worker item failed`), of this stage. */
  readonly itemFailures: Metric;
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: { logGroup: ILogGroup; stage: string; runMessages: readonly string[] }) {
    super(scope, id);
    this.stage = props.stage;
    const { logGroup } = props;
    new MetricFilter(this, 'ItemFailures', {
      logGroup,
      filterPattern: FilterPattern.stringValue('$.message', '=', WORKER_ITEM_FAILED),
      metricNamespace: METRIC_NAMESPACE,
      metricName: 'WorkerItemFailures',
      metricValue: '1',
      dimensions: { Stage: '$.stage' },
    });
    this.itemFailures = new Metric({
      namespace: METRIC_NAMESPACE,
      metricName: 'WorkerItemFailures',
      dimensionsMap: { Stage: props.stage },
      period: Duration.minutes(5),
      statistic: 'Sum',
    });
    new MetricFilter(this, 'Runs', {
      logGroup,
      filterPattern: FilterPattern.any(...props.runMessages.map((message) => FilterPattern.stringValue('$.message', '=', message))),
      metricNamespace: METRIC_NAMESPACE,
      metricName: 'WorkerRuns',
      metricValue: '1',
      dimensions: { Stage: '$.stage', FunctionName: '$.function_name' },
    });
  }

  /** The runs of one scheduled function that ended, a 5-minute sum. */
  runsOf(fn: NodejsFunction): Metric {
    return new Metric({
      namespace: METRIC_NAMESPACE,
      metricName: 'WorkerRuns',
      dimensionsMap: { Stage: this.stage, FunctionName: fn.functionName },
      period: Duration.minutes(5),
      statistic: 'Sum',
    });
  }
}

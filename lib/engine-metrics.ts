import { Duration } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ENGINE_MESSAGES } from '../functions/engine/messages.ts';
import { WORKER_ITEM_FAILED } from '../functions/workers/worklist.ts';
import { JOB_OVERDUE } from '../functions/use-cases/overdue-jobs.ts';

/** The namespace of the service's own metrics; each has the dimension Stage. */
export const METRIC_NAMESPACE = 'DeliveryApi';

/**
 * The engine's three metrics, from the log group its functions share, each with the stage: the items a
 * worker could not move (`WorkerItemFailures`), the sweeps that ran (`SweepRuns`: the heartbeat of
 * the safety net) and the jobs marked overdue (`OverdueJobs`: operations' review queue grew). Both count log lines (functions/workers/, functions/engine/): a filter costs nothing
 * until it matches. The workers' own runs are not a metric: they run when rung, so their absence says
 * nothing, and each would be a custom metric paid every month.
 */
export class EngineMetrics extends Construct {
  /** Worklist items a worker could not move (each logged as `worker item failed`), of this stage. */
  readonly itemFailures: Metric;
  /** Sweeps that ran (each logged as `sweep ran`), of this stage: one a minute, none means the safety net stopped. */
  readonly sweeps: Metric;
  /** Jobs dispatch marked overdue (each logged as `job overdue`), of this stage: a parcel's way back or a rider's re-arrival past its deadline. */
  readonly overdueJobs: Metric;

  constructor(scope: Construct, id: string, props: { logGroup: ILogGroup; stage: string }) {
    super(scope, id);
    const { logGroup, stage } = props;
    const count = (filterId: string, message: string, metricName: string) => {
      new MetricFilter(this, filterId, {
        logGroup,
        filterPattern: FilterPattern.stringValue('$.message', '=', message),
        metricNamespace: METRIC_NAMESPACE,
        metricName,
        metricValue: '1',
        dimensions: { Stage: '$.stage' },
      });
      return new Metric({ namespace: METRIC_NAMESPACE, metricName, dimensionsMap: { Stage: stage }, period: Duration.minutes(5), statistic: 'Sum' });
    };
    this.itemFailures = count('ItemFailures', WORKER_ITEM_FAILED, 'WorkerItemFailures');
    this.sweeps = count('Sweeps', ENGINE_MESSAGES.sweep, 'SweepRuns');
    this.overdueJobs = count('OverdueJobs', JOB_OVERDUE, 'OverdueJobs');
  }
}

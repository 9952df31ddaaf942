import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/** The retention periods CloudWatch Logs accepts, in days (9999: never expire), ascending. */
const PERIODS = Object.values(RetentionDays)
  .filter((value): value is number => typeof value === 'number')
  .sort((a, b) => a - b);

/**
 * `-c logRetentionDays`, checked at synth: one of CloudWatch Logs' own periods. Any other number passes
 * synth and cdk-nag and then fails the deploy at the first log group, so it is refused here instead.
 */
export function logRetentionOf(value: unknown): RetentionDays {
  const days = typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? Number(value) : NaN;
  if (!PERIODS.includes(days)) {
    throw new Error(`Context "logRetentionDays" must be one of CloudWatch Logs' periods: ${PERIODS.join(', ')} (got "${String(value)}")`);
  }
  return days as RetentionDays;
}

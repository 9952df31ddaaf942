import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { logRetentionOf } from '../../bin/log-retention.ts';
import { synthApp } from './synth.ts';

// -c logRetentionDays is checked when the app synthesises: CloudWatch Logs takes only its own periods, and
// any other (45) passed synth and cdk-nag, then failed the deploy at the first log group (issue 34 §6).

describe('-c logRetentionDays', () => {
  const periods = Object.values(RetentionDays).filter((value): value is number => typeof value === 'number');

  it('takes every period CloudWatch Logs accepts, as a number or the string the CLI passes', () => {
    expect(periods.length).toBeGreaterThan(20);
    for (const days of periods) {
      expect(logRetentionOf(days)).toBe(days);
      expect(logRetentionOf(String(days))).toBe(days);
    }
  });

  it.each([45, '45', 0, -7, 7.5, '', 'ninety', '90 days', null, true])('refuses %j, naming the periods it takes', (value) => {
    expect(() => logRetentionOf(value)).toThrow(/^Context "logRetentionDays" must be one of CloudWatch Logs' periods: 1, 3, 5, 7, 14, 30, 60, 90, /);
  });

  it('stops the app before any template is written, so a deploy never meets it at a log group', async () => {
    await expect(synthApp({}, { logRetentionDays: '45' })).rejects.toThrow('Context "logRetentionDays" must be one of');
    expect(await synthApp({}, { logRetentionDays: '90' })).toBe('aws://unknown-account/ap-south-1');
  });
});

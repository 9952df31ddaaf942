import { describe, expect, it } from 'vitest';
import { alarmMetrics, type CfnTemplate } from '../../lib/cost.ts';
import { checkAlarmQueries, kindOf, type AlarmQuery } from './metric-math.ts';
import { STAGES, synth } from './synth.ts';

const metric = (Id: string): AlarmQuery => ({ Id, MetricStat: {}, ReturnData: false });
const expression = (Id: string, Expression: string, ReturnData = true): AlarmQuery => ({ Id, Expression, ReturnData });

describe('the metric-math checker', () => {
  it('refuses a scalar inside an array of time series, as CloudWatch does at alarm creation', () => {
    expect(() => kindOf('100 * errors / MAX([requests, 1])', { errors: 'TS', requests: 'TS' })).toThrow('An array holds time series only');
  });

  it('accepts the documented forms: IF over a time series, aggregates of arrays, FILL', () => {
    expect(kindOf('IF(requests > 0, 100 * errors / requests, 0)', { errors: 'TS', requests: 'TS' })).toBe('TS');
    expect(kindOf('MAX([a, b, c])', { a: 'TS', b: 'TS', c: 'TS' })).toBe('TS');
    expect(kindOf('FILL(a, 0) + FILL(b, 0)', { a: 'TS', b: 'TS' })).toBe('TS');
  });

  it('refuses functions an alarm may not use, unknown ids and an alarm that watches a scalar or an array', () => {
    expect(() => kindOf("SEARCH('{AWS/Lambda} Errors', 'Sum', 300)", {})).toThrow('not a function an alarm may use');
    expect(() => kindOf('a + missing', { a: 'TS' })).toThrow('names no metric');
    expect(() => checkAlarmQueries([metric('a'), expression('e', 'SUM(a)')])).toThrow('yields S');
    expect(() => checkAlarmQueries([metric('a'), metric('b'), expression('e', '[a, b]')])).toThrow('yields TS[]');
  });

  it('refuses a Metrics Insights query: CloudWatch bills one per metric it analyzes, with no free tier', () => {
    expect(() => kindOf('SELECT SUM(Errors) FROM SCHEMA("AWS/Lambda", FunctionName)', {})).toThrow('billed per metric it analyzes');
    expect(() => checkAlarmQueries([expression('q', 'select MAX(Throttles) FROM "AWS/Lambda" WHERE FunctionName = \'a\'')])).toThrow('billed per metric');
  });

  it('refuses an alarm of more than 10 metrics', () => {
    const ids = Array.from({ length: 11 }, (_, i) => `m${i}`);
    expect(() => checkAlarmQueries([...ids.map(metric), expression('e', ids.join(' + '))])).toThrow('at most 10 metrics');
    expect(() => checkAlarmQueries([...ids.slice(1).map(metric), expression('e', ids.slice(1).join(' + '))])).not.toThrow();
  });
});

/**
 * The alarms' logical ids in the template of main before issue 34 (e47fb6d; the same in every stage).
 * CloudFormation refuses an update that gives a logical id another type ("Update of resource type is
 * not permitted"), so an id kept must stay an AWS::CloudWatch::Alarm, or every stage's upgrade fails.
 */
const ALARM_IDS_BEFORE_ISSUE_34 = [
  'MonitoringApi5xxRateB085961B',
  'MonitoringApiLatencyP9963E4584E',
  'MonitoringFunctionErrors1EA21A539',
  'MonitoringFunctionErrors2A5A0FD21',
  'MonitoringFunctionErrors3FFE7B06F',
  'MonitoringFunctionErrors4DBDC78F9',
  'MonitoringFunctionErrors5E3E7BA2A',
  'MonitoringFunctionThrottles1E90B640A',
  'MonitoringFunctionThrottles23BBE9159',
  'MonitoringFunctionThrottles3EED79DEB',
  'MonitoringFunctionThrottles49A6BA43C',
  'MonitoringFunctionThrottles5D7A490A0',
  'MonitoringEngineFailedRunsFEAA3655',
  'MonitoringSweepHeartbeat9625E8CC',
  'MonitoringAlarmDeadLetters4DC43372',
  'MonitoringStreamIteratorAge5664D86D',
  'MonitoringTableThrottles0A82F423',
  'MonitoringTableSystemErrorsBCD57441',
  'MonitoringWorkerItemFailures60CFBFDC',
  'MonitoringOverdueJobs33D5F073',
];

describe.each(Object.entries(STAGES))('the %s stage’s alarms', (_, props) => {
  const { resources, template } = synth(props);
  const alarms = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::CloudWatch::Alarm');

  it('are each either one metric or metric math CloudWatch accepts (documented functions and argument kinds, ≤ 10 metrics, one time series)', () => {
    const withMath = alarms.filter(([, alarm]) => alarm.Properties!.Metrics !== undefined);

    expect(withMath.length).toBeGreaterThan(0);
    for (const [id, alarm] of withMath) expect(() => checkAlarmQueries(alarm.Properties!.Metrics as AlarmQuery[]), id).not.toThrow();
    for (const [, alarm] of alarms.filter(([, a]) => a.Properties!.Metrics === undefined))
      expect(alarm.Properties).toMatchObject({ MetricName: expect.any(String), Namespace: expect.any(String) });
  });

  it('guard the p99 latency alarm: only periods of 100 requests or more count, and 2 of 3 must breach (a cold start is not a page)', () => {
    const [, p99] = alarms.find(([id]) => id.startsWith('MonitoringApiLatencyP99'))!;
    const queries = p99.Properties!.Metrics as Array<AlarmQuery & { MetricStat?: { Stat: string; Metric: { MetricName: string } } }>;

    expect(p99.Properties).toMatchObject({ EvaluationPeriods: 3, DatapointsToAlarm: 2, Threshold: 2000 });
    expect(queries.find((q) => q.ReturnData !== false)!.Expression).toBe('IF(requests >= 100, latency, 0)');
    expect(queries.find((q) => q.Id === 'latency')!.MetricStat).toMatchObject({ Stat: 'p99', Metric: { MetricName: 'Latency' } });
    expect(queries.find((q) => q.Id === 'requests')!.MetricStat).toMatchObject({ Stat: 'Sum', Metric: { MetricName: 'Count' } });
  });

  it('keep the type of every logical id an earlier stage has, so its upgrade is not refused', () => {
    const kept = ALARM_IDS_BEFORE_ISSUE_34.filter((id) => resources[id] !== undefined);

    expect(kept).toEqual(expect.arrayContaining(['MonitoringAlarmDeadLetters4DC43372', 'MonitoringOverdueJobs33D5F073', 'MonitoringTableThrottles0A82F423']));
    for (const id of kept) expect(resources[id]!.Type, id).toBe('AWS::CloudWatch::Alarm');
  });

  it('come to 25 alarm metrics or fewer, as CloudWatch bills them (issue 34: 109 before)', () => {
    expect(alarmMetrics(template.toJSON() as CfnTemplate)).toBeLessThanOrEqual(25);
  });
});

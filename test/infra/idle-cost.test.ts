import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alarmMetrics, idleCost, LIST_PRICES, PRICES_CHECKED, renderCostTable, renderPriceTable, type CfnTemplate } from '../../lib/cost.ts';
import { STAGES, synth } from './synth.ts';

const templateOf = (props: (typeof STAGES)[keyof typeof STAGES]) => synth(props).template.toJSON() as CfnTemplate;
const prod = templateOf(STAGES.prod);
const guide = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
const section = guide.slice(guide.indexOf('\n## Idle cost\n'), guide.indexOf('\n## ', guide.indexOf('\n## Idle cost\n') + 1));

describe('docs/operations.md’s idle cost', () => {
  const cost = idleCost(prod);

  it('holds the tables generated from a freshly synthesised prod stage (npm run -s cost-table prints them)', () => {
    expect(section.length).toBeGreaterThan(100);
    expect(section).toContain(renderCostTable(cost.work));
    expect(section).toContain(renderCostTable(cost.rest));
  });

  it('names every list price it uses, with its page and the day the prices were checked', () => {
    expect(section).toContain(renderPriceTable());
    expect(section).toContain(PRICES_CHECKED);
    for (const price of Object.values(LIST_PRICES)) expect(price.source).toMatch(/^https:\/\/aws\.amazon\.com\//);
  });

  it('says a dev stage costs the same, which it does', () => {
    expect(section.replace(/\s+/g, ' ')).toContain('A `dev` stage costs the same.');
    expect(idleCost(templateOf(STAGES.dev)).total).toEqual(cost.total);
  });
});

describe('the idle cost of a template', () => {
  const alarm = (properties: Record<string, unknown>) => ({ Type: 'AWS::CloudWatch::Alarm', Properties: properties });
  const stat = (Id: string) => ({ Id, MetricStat: {}, ReturnData: false });

  it('counts alarm metrics as CloudWatch bills them: one a metric alarm, one per metric of a metric-math alarm', () => {
    const template = {
      Resources: {
        plain: alarm({ MetricName: 'Errors' }),
        math: alarm({ Metrics: [stat('a'), stat('b'), stat('c'), { Id: 'e', Expression: 'a + b + c' }] }),
        other: { Type: 'AWS::SNS::Topic' },
      },
    };
    expect(alarmMetrics(template)).toBe(4);
  });

  it('refuses to price a Metrics Insights alarm, billed per metric it analyzes, which no template says', () => {
    const template = { Resources: { insights: alarm({ Metrics: [{ Id: 'q', Expression: 'SELECT SUM(Errors) FROM "AWS/Lambda"' }] }) } };
    expect(() => alarmMetrics(template)).toThrow('billed per metric it analyzes');
  });

  it('follows the template: a stage with one alarm metric more costs $0.10 more', () => {
    const base = idleCost(prod);
    const more = idleCost({ Resources: { ...prod.Resources, Extra: alarm({ MetricName: 'Throttles' }) } });
    expect(more.alarmMetrics).toBe(base.alarmMetrics + 1);
    expect(more.total[0] - base.total[0]).toBeCloseTo(LIST_PRICES.alarmMetric.usd, 10);
  });
});

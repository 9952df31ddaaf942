import { ENGINE_MESSAGES } from '../functions/engine/messages.ts';
import { WORKER_FUNCTION_ENV } from '../functions/engine/rings.ts';

/**
 * What a stage costs a month with no traffic, computed from its synthesised template and named list
 * prices (docs/operations.md "Idle cost" is this module's output; test/infra/idle-cost.test.ts holds
 * them equal, `npm run -s cost-table` prints it). What the template cannot say (how long an idle run
 * takes, how many reads a sweep makes) is a named measurement in IDLE_ENGINE.
 */

/** A list price: US dollars per unit, and the page AWS lists it on. */
export interface ListPrice {
  usd: number;
  unit: string;
  source: string;
}

/** The day the prices below were listed here (docs/operations.md says which were re-read that day). */
export const PRICES_CHECKED = '2026-11-27';

const LAMBDA = 'https://aws.amazon.com/lambda/pricing/';
const CLOUDWATCH = 'https://aws.amazon.com/cloudwatch/pricing/';

/** AWS's list prices for ap-south-1 (Mumbai) as this guide uses them, before the free tier. */
export const LIST_PRICES = {
  lambdaRequests: { usd: 0.2, unit: 'per million requests', source: LAMBDA },
  lambdaArmGbSecond: { usd: 0.0000133334, unit: 'per GB-second, arm64', source: LAMBDA },
  dynamoReads: { usd: 0.125, unit: 'per million read request units, on demand', source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/' },
  dynamoStorage: { usd: 0.25, unit: 'per GB-month stored', source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/' },
  dynamoBackup: { usd: 0.2, unit: 'per GB-month, point-in-time recovery', source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/' },
  sqsRequests: { usd: 0.4, unit: 'per million requests, standard queue', source: 'https://aws.amazon.com/sqs/pricing/' },
  logsIngested: { usd: 0.5, unit: 'per GB ingested, standard log class', source: CLOUDWATCH },
  customMetric: { usd: 0.3, unit: 'per custom metric a month (first 10,000; by the hour it is published)', source: CLOUDWATCH },
  alarmMetric: { usd: 0.1, unit: 'per alarm metric a month, standard resolution (a metric-math alarm: each metric in it)', source: CLOUDWATCH },
  compositeAlarm: { usd: 0.5, unit: 'per composite alarm a month', source: CLOUDWATCH },
  xrayTraces: { usd: 5, unit: 'per million traces recorded, past the free 100,000 a month', source: 'https://aws.amazon.com/xray/pricing/' },
  wafWebAcl: { usd: 5, unit: 'per web ACL a month', source: 'https://aws.amazon.com/waf/pricing/' },
  wafRule: { usd: 1, unit: 'per rule (or rule group) a month', source: 'https://aws.amazon.com/waf/pricing/' },
  wafRequests: { usd: 0.6, unit: 'per million requests inspected', source: 'https://aws.amazon.com/waf/pricing/' },
  kmsKey: { usd: 1, unit: 'per customer managed key a month (+$1 for each of its first two yearly rotations)', source: 'https://aws.amazon.com/kms/pricing/' },
  secret: { usd: 0.4, unit: 'per secret a month', source: 'https://aws.amazon.com/secrets-manager/pricing/' },
} as const satisfies Record<string, ListPrice>;

/**
 * What the idle engine does that its template does not say, as docs/operations.md measured it: replace the
 * durations with the functions' average Duration after a first week on AWS.
 */
export const IDLE_ENGINE = {
  /** A month is 30 days. */
  minutesPerMonth: 43_200,
  /** A sweep: five Invoke calls in parallel. */
  sweepSeconds: 0.05,
  /** A worker's pass with nothing due: a few Queries. */
  idleWorkerPassSeconds: 0.1,
  /** Worklist Queries of one sweep's passes with nothing due (`npm run bench:idle`): dispatch 5, simulation 5, remittances 8, relay 9, sender 10. */
  worklistQueriesPerSweep: 37,
  /** A Query reads at least 1 read unit (strongly consistent). */
  readUnitsPerQuery: 1,
  /** Lambda keeps as few as 2 pollers on an idle SQS queue, each long-polling 20 s a request. */
  sqsPollers: 2,
  sqsPollsPerPollerPerMinute: 3,
  /** Lambda's START, END and REPORT lines and the run's own line. */
  logBytesPerInvocation: 700,
  /** X-Ray's free traces a month. */
  freeTraces: 100_000,
} as const;

/** The log lines an idle stage writes: a metric filter counting one of them publishes every minute. */
const IDLE_MESSAGES: readonly string[] = [ENGINE_MESSAGES.sweep];

type Resource = { Type: string; Properties?: Record<string, unknown> };
/** A synthesised template, as `cdk synth` writes it (only Resources is read). */
export interface CfnTemplate {
  Resources: Record<string, Resource>;
}

/** One line of a cost table: a fixed cost or a range (a key's rotations), or text where there is no cost. */
export interface CostRow {
  item: string;
  arithmetic: string;
  usd: number | readonly [number, number];
  approx?: boolean;
  bold?: boolean;
}

/** The idle month, row by row: the engine's work, its metric, the rest of the stack, and the prices used. */
export interface IdleCost {
  work: CostRow[];
  rest: CostRow[];
  alarmMetrics: number;
  total: readonly [number, number];
}

const ofType = (template: CfnTemplate, type: string) => Object.entries(template.Resources).filter(([, r]) => r.Type === type);
const count = (n: number) => n.toLocaleString('en-US');
/** Dollars as the tables print them: at least two decimals, no rounding of a unit price. */
const dollars = (usd: number) => `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 10 })}`;
const perMillion = (price: ListPrice) => `${dollars(price.usd)}/M`;
const props = (resource: Resource) => resource.Properties ?? {};

/** Alarm metrics as CloudWatch bills them: one for a metric alarm, one per metric in a metric-math alarm. */
export function alarmMetrics(template: CfnTemplate): number {
  return ofType(template, 'AWS::CloudWatch::Alarm').reduce((sum, [id, alarm]) => {
    const queries = props(alarm).Metrics as Array<{ MetricStat?: unknown; Expression?: string }> | undefined;
    if (!queries) return sum + 1;
    if (queries.some((query) => /^\s*SELECT\b/i.test(query.Expression ?? '')))
      throw new Error(`${id} is a Metrics Insights alarm: billed per metric it analyzes, which the template does not say`);
    return sum + queries.filter((query) => query.MetricStat !== undefined).length;
  }, 0);
}

/** The engine's schedule, its doorbell and the workers a sweep wakes, read from the template. */
function engineOf(template: CfnTemplate) {
  const schedules = ofType(template, 'AWS::Events::Rule').filter(([, rule]) => typeof props(rule).ScheduleExpression === 'string');
  if (schedules.length !== 1) throw new Error(`Expected one scheduled rule (the sweep), found ${schedules.length}`);
  const rule = props(schedules[0]![1]);
  const every = /^rate\((\d+) minutes?\)$/.exec(rule.ScheduleExpression as string);
  if (!every) throw new Error(`The sweep's schedule ${String(rule.ScheduleExpression)} is not rate(N minutes)`);
  const doorbellId = (rule.Targets as Array<{ Arn: { 'Fn::GetAtt': [string, string] } }>)[0]!.Arn['Fn::GetAtt'][0];
  const fn = (id: string) => props(template.Resources[id]!);
  const variables = (fn(doorbellId).Environment as { Variables: Record<string, unknown> }).Variables;
  const workerIds = Object.values(WORKER_FUNCTION_ENV).map((name) => (variables[name] as { Ref: string }).Ref);
  const gb = (id: string) => {
    if (JSON.stringify(fn(id).Architectures) !== '["arm64"]') throw new Error(`${id} is not arm64: add its duration price`);
    return (fn(id).MemorySize as number) / 1024;
  };
  // A function traced actively records a trace of every run, the sweep's and the workers' alike.
  const traced = [doorbellId, ...workerIds].filter((id) => (fn(id).TracingConfig as { Mode?: string } | undefined)?.Mode === 'Active');
  const queueMappings = ofType(template, 'AWS::Lambda::EventSourceMapping').filter(([, m]) => {
    const source = (props(m).EventSourceArn as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
    return source !== undefined && template.Resources[source[0]]?.Type === 'AWS::SQS::Queue';
  });
  return {
    sweeps: IDLE_ENGINE.minutesPerMonth / Number(every[1]),
    workers: workerIds.length,
    doorbellGb: gb(doorbellId),
    workerGb: workerIds.map(gb),
    traced: traced.length,
    queues: queueMappings.length,
  };
}

/** The idle engine's month: Lambda, its reads, its queue's pollers, its logs, its traces. */
function engineWork(template: CfnTemplate): CostRow[] {
  const e = engineOf(template);
  const p = LIST_PRICES;
  const workerRuns = e.sweeps * e.workers;
  const invocations = e.sweeps + workerRuns;
  const gbSeconds =
    e.sweeps * IDLE_ENGINE.sweepSeconds * e.doorbellGb + e.workerGb.reduce((sum, gb) => sum + e.sweeps * IDLE_ENGINE.idleWorkerPassSeconds * gb, 0);
  const seconds = e.sweeps * IDLE_ENGINE.sweepSeconds + workerRuns * IDLE_ENGINE.idleWorkerPassSeconds;
  const memory = e.workerGb.every((gb) => gb === e.doorbellGb) ? `${e.doorbellGb} GB` : 'their memory';
  const readUnits = e.sweeps * IDLE_ENGINE.worklistQueriesPerSweep * IDLE_ENGINE.readUnitsPerQuery;
  const polls = e.queues * IDLE_ENGINE.sqsPollers * IDLE_ENGINE.sqsPollsPerPollerPerMinute * IDLE_ENGINE.minutesPerMonth;
  const logBytes = invocations * IDLE_ENGINE.logBytesPerInvocation;
  const traces = e.traced * e.sweeps;
  const allTraced = invocations - IDLE_ENGINE.freeTraces;
  return [
    {
      item: 'Lambda requests',
      arithmetic: `the sweep ${count(e.sweeps)} + the ${e.workers} workers it wakes ${e.workers} × ${count(e.sweeps)} = ${count(invocations)} × ${perMillion(p.lambdaRequests)}`,
      usd: (invocations * p.lambdaRequests.usd) / 1e6,
    },
    {
      item: `Lambda duration (${e.doorbellGb * 1024} MB, arm64)`,
      arithmetic: `sweeps ${count(e.sweeps)} × ${IDLE_ENGINE.sweepSeconds} s + worker runs with nothing due ${count(workerRuns)} × ${IDLE_ENGINE.idleWorkerPassSeconds} s = ${count(seconds)} s × ${memory} = ${count(gbSeconds)} GB-s × ${dollars(p.lambdaArmGbSecond.usd)}`,
      usd: gbSeconds * p.lambdaArmGbSecond.usd,
    },
    {
      item: 'The sweep’s table reads',
      arithmetic: `${IDLE_ENGINE.worklistQueriesPerSweep} worklist Queries a sweep (the five passes with nothing due: dispatch 5, simulation 5, remittances 8, relay 9, sender 10; \`npm run bench:idle\`), at least ${IDLE_ENGINE.readUnitsPerQuery} read unit each (strongly consistent): ${count(readUnits)} read units × ${perMillion(p.dynamoReads)}`,
      usd: (readUnits * p.dynamoReads.usd) / 1e6,
    },
    {
      item: 'SQS: the alarm queue’s pollers',
      arithmetic: `Lambda long-polls an idle queue (20 s a request) with as few as ${IDLE_ENGINE.sqsPollers} pollers ([SQS scaling](https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-scaling.html)): ${e.queues} queue × ${IDLE_ENGINE.sqsPollers} × ${IDLE_ENGINE.sqsPollsPerPollerPerMinute} a minute × ${count(IDLE_ENGINE.minutesPerMonth)} = ${count(polls)} requests × ${perMillion(p.sqsRequests)}; no alarms are sent while idle`,
      usd: (polls * p.sqsRequests.usd) / 1e6,
    },
    {
      item: 'CloudWatch Logs',
      arithmetic: `${count(invocations)} invocations × about ${IDLE_ENGINE.logBytesPerInvocation} bytes (Lambda’s START, END and REPORT lines and the run’s line) ≈ ${Math.round(logBytes / 1e6)} MB × ${dollars(p.logsIngested.usd)}/GB ingested`,
      usd: (logBytes / 1e9) * p.logsIngested.usd,
    },
    { item: 'The stream', arithmetic: 'reads by a Lambda trigger are free; nothing is written while idle', usd: 0 },
    {
      item: 'X-Ray',
      arithmetic:
        e.traced === 0
          ? `the engine’s functions record no trace of their own (active tracing: ${count(invocations)} traces, $${((allTraced * p.xrayTraces.usd) / 1e6).toFixed(2)} past the free ${count(IDLE_ENGINE.freeTraces)})`
          : `${e.traced} engine functions trace actively: ${count(traces)} traces, past the free ${count(IDLE_ENGINE.freeTraces)} × ${dollars(p.xrayTraces.usd)}/M`,
      usd: e.traced === 0 ? 0 : (Math.max(0, traces - IDLE_ENGINE.freeTraces) * p.xrayTraces.usd) / 1e6,
    },
  ];
}

/** The idle month of a stage, from its template: the engine's work and metric, then everything else. */
export function idleCost(template: CfnTemplate): IdleCost {
  const p = LIST_PRICES;
  const work = engineWork(template);
  const workUsd = work.reduce((sum, row) => sum + (row.usd as number), 0);
  const filters = ofType(template, 'AWS::Logs::MetricFilter').map(([, f]) => props(f));
  const metricName = (filter: Record<string, unknown>) => (filter.MetricTransformations as Array<{ MetricName: string }>)[0]!.MetricName;
  const idle = filters.filter((f) => IDLE_MESSAGES.some((message) => String(f.FilterPattern).includes(`"${message}"`))).map(metricName);
  const onMatch = filters.map(metricName).filter((name) => !idle.includes(name));
  const metricsUsd = idle.length * p.customMetric.usd;
  const metricsRow: CostRow = {
    item: 'Its heartbeat metric',
    arithmetic: `${idle.map((name) => `\`${name}\``).join(', ')}, published every minute: ${idle.length} × ${dollars(p.customMetric.usd)} (${onMatch.map((name) => `\`${name}\``).join(' and ')} only when one is logged)`,
    usd: metricsUsd,
  };

  const acls = ofType(template, 'AWS::WAFv2::WebACL');
  const rules = acls.reduce((sum, [, acl]) => sum + (props(acl).Rules as unknown[]).length, 0);
  const metrics = alarmMetrics(template);
  const alarms = ofType(template, 'AWS::CloudWatch::Alarm').length;
  const composites = ofType(template, 'AWS::CloudWatch::CompositeAlarm').length;
  const keys = ofType(template, 'AWS::KMS::Key');
  const rotating = keys.filter(([, key]) => props(key).EnableKeyRotation === true).length;
  const secrets = ofType(template, 'AWS::SecretsManager::Secret').length;
  const rest: CostRow[] = [
    {
      item: 'WAF',
      arithmetic: `${acls.length === 1 ? 'web ACL' : `${acls.length} web ACLs ×`} $${p.wafWebAcl.usd} + ${rules} rules × $${p.wafRule.usd} (requests ${perMillion(p.wafRequests)}: none)`,
      usd: acls.length * p.wafWebAcl.usd + rules * p.wafRule.usd,
    },
    {
      item: 'CloudWatch alarms (a metric-math alarm is billed per metric in it)',
      arithmetic: `${alarms} alarms, ${metrics} alarm metrics × ${dollars(p.alarmMetric.usd)}`,
      usd: metrics * p.alarmMetric.usd,
    },
    {
      item: 'CloudWatch composite alarms',
      arithmetic: `${composites} (the sweep’s heartbeat) × ${dollars(p.compositeAlarm.usd)}`,
      usd: composites * p.compositeAlarm.usd,
    },
    {
      item: 'KMS key of the alarm topic',
      arithmetic: `${keys.length} × $${p.kmsKey.usd}${rotating ? `, +$${p.kmsKey.usd} after each of the first two yearly rotations` : ''}`,
      usd: [keys.length * p.kmsKey.usd, (keys.length + 2 * rotating) * p.kmsKey.usd],
    },
    {
      item: 'Secrets Manager (the webhook secrets key, the cursor signing key)',
      arithmetic: `${secrets} × ${dollars(p.secret.usd)} (read by the functions at run time: none while idle, $0.05 per 10,000 reads)`,
      usd: secrets * p.secret.usd,
    },
    {
      item: 'DynamoDB storage and point-in-time recovery',
      arithmetic: `an empty table: ${dollars(p.dynamoStorage.usd)}/GB and ${dollars(p.dynamoBackup.usd)}/GB of a few MB`,
      usd: 0,
      approx: true,
    },
    { item: 'API Gateway, the route functions, EventBridge, SNS, the queues’ storage', arithmetic: 'nothing without requests', usd: 0 },
  ];
  const range = (rows: CostRow[]) =>
    rows.reduce<[number, number]>(
      (sum, row) => (typeof row.usd === 'number' ? [sum[0] + row.usd, sum[1] + row.usd] : [sum[0] + row.usd[0], sum[1] + row.usd[1]]),
      [0, 0],
    );
  const [low, high] = range(rest);
  const background = workUsd + metricsUsd;
  return {
    work: [
      ...work,
      { item: 'The work', arithmetic: '', usd: workUsd, bold: true },
      metricsRow,
      { item: 'Background work, idle', arithmetic: '', usd: background, approx: true, bold: true },
    ],
    rest: [...rest, { item: 'Total with the background work', arithmetic: '', usd: [background + low, background + high], approx: true, bold: true }],
    alarmMetrics: metrics,
    total: [background + low, background + high],
  };
}

const money = (usd: CostRow['usd']) => (typeof usd === 'number' ? usd.toFixed(2) : `${usd[0].toFixed(2)}–${usd[1].toFixed(2)}`);

/** One cost table in docs/operations.md's layout. */
export function renderCostTable(rows: CostRow[]): string {
  const line = (row: CostRow) => {
    const value = `${row.approx ? '≈ ' : ''}${money(row.usd)}`;
    const arithmetic = row.arithmetic ? ` ${row.arithmetic} ` : ' ';
    return row.bold ? `| **${row.item}** |${arithmetic}| **${value}** |` : `| ${row.item} |${arithmetic}| ${value} |`;
  };
  return ['| Item | Arithmetic | $/month |', '|---|---|---:|', ...rows.map(line)].join('\n');
}

/** The list prices the tables use, with their sources. */
export function renderPriceTable(): string {
  const rows = Object.values(LIST_PRICES).map((price: ListPrice) => `| ${dollars(price.usd)} | ${price.unit} | ${price.source} |`);
  return ['| Price | Unit | Source |', '|---:|---|---|', ...rows].join('\n');
}

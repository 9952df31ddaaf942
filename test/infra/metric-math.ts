/**
 * A checker for CloudWatch metric-math expressions as an alarm runs them, from CloudWatch's documented
 * syntax and functions ("Metric math syntax and functions", and PutMetricAlarm's limits): each value is
 * a time series (TS), an array of time series (TS[]) or a scalar (S); a function accepts only the kinds
 * the documentation lists for it; an array literal holds time series only (`MAX([m, 1])` is refused at
 * alarm creation: "Unsupported operand type(s) for MAX: '[Array[TimeSeries, Scalar]]'"); an alarm's
 * expression yields one time series; an alarm has at most 10 metrics and 10 expressions.
 */
export type Kind = 'TS' | 'TS[]' | 'S';

/** One metric-data query of an alarm (AWS::CloudWatch::Alarm's Metrics), as the template has it. */
export interface AlarmQuery {
  Id: string;
  Expression?: string;
  MetricStat?: unknown;
  ReturnData?: boolean;
}

type Signature = (args: Kind[], name: string) => Kind;

const fail = (message: string): never => {
  throw new Error(message);
};
const describe = (args: Kind[]) => `[${args.join(', ')}]`;
const arity = (name: string, args: Kind[], min: number, max = min) => {
  if (args.length < min || args.length > max) fail(`${name} takes ${min === max ? min : `${min}-${max}`} arguments, got ${args.length}`);
};
/** TS → S, TS[] → TS: the aggregates (MAX, MIN, SUM, AVG, STDDEV). */
const aggregate: Signature = (args, name) => {
  arity(name, args, 1);
  if (args[0] === 'TS') return 'S';
  if (args[0] === 'TS[]') return 'TS';
  return fail(`Unsupported operand type(s) for ${name}: '${describe(args)}'`);
};
/** TS → TS, TS[] → TS[]: functions applied point by point (ABS, CEIL, RATE …). */
const pointwise: Signature = (args, name) => {
  arity(name, args, 1);
  if (args[0] === 'S') fail(`Unsupported operand type(s) for ${name}: '${describe(args)}'`);
  return args[0]!;
};

/** The functions an alarm may use, with the kinds each accepts. SEARCH (and anything not listed) is refused. */
const FUNCTIONS: Record<string, Signature> = {
  MAX: aggregate,
  MIN: aggregate,
  SUM: aggregate,
  AVG: aggregate,
  STDDEV: aggregate,
  ABS: pointwise,
  CEIL: pointwise,
  FLOOR: pointwise,
  LOG: pointwise,
  LOG10: pointwise,
  RATE: pointwise,
  DIFF: pointwise,
  DIFF_TIME: pointwise,
  RUNNING_SUM: pointwise,
  FILL: (args, name) => {
    arity(name, args, 2);
    if (args[0] === 'S' || args[1] === 'TS[]') fail(`Unsupported operand type(s) for ${name}: '${describe(args)}'`);
    return args[0]!;
  },
  IF: (args, name) => {
    arity(name, args, 2, 3);
    if (args[0] !== 'TS') fail(`IF's condition must be a time series, got ${args[0]}`);
    if (args.slice(1).some((kind) => kind === 'TS[]')) fail(`Unsupported operand type(s) for ${name}: '${describe(args)}'`);
    return 'TS';
  },
  FIRST: (args, name) => (arity(name, args, 1), args[0] === 'TS[]' ? 'TS' : fail(`${name} takes an array of time series`)),
  LAST: (args, name) => (arity(name, args, 1), args[0] === 'TS[]' ? 'TS' : fail(`${name} takes an array of time series`)),
  REMOVE_EMPTY: (args, name) => (arity(name, args, 1), args[0] === 'TS[]' ? 'TS[]' : fail(`${name} takes an array of time series`)),
  METRIC_COUNT: (args, name) => (arity(name, args, 1), args[0] === 'TS[]' ? 'S' : fail(`${name} takes an array of time series`)),
  DATAPOINT_COUNT: (args, name) => (arity(name, args, 1), args[0] === 'TS' ? 'S' : fail(`${name} takes a time series`)),
  PERIOD: (args, name) => (arity(name, args, 1), args[0] === 'TS' ? 'S' : fail(`${name} takes a time series`)),
  TIME_SERIES: (args, name) => (arity(name, args, 1), args[0] === 'S' ? 'TS' : fail(`${name} takes a scalar`)),
};

type Token = { type: 'num' | 'str' | 'id' | 'op' | '(' | ')' | '[' | ']' | ','; text: string };

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(>=|<=|==|!=|&&|\|\||[-+*/^<>])|([()[\],])|('[^']*'|"[^"]*"))/y;
  let at = 0;
  while (at < expression.length) {
    if (/^\s*$/.test(expression.slice(at))) break;
    pattern.lastIndex = at;
    const match = pattern.exec(expression);
    if (!match) fail(`Cannot read "${expression.slice(at)}" in "${expression}"`);
    at = pattern.lastIndex;
    if (match![1]) tokens.push({ type: 'num', text: match![1] });
    else if (match![2]) tokens.push({ type: match![2] === 'AND' || match![2] === 'OR' ? 'op' : 'id', text: match![2] });
    else if (match![3]) tokens.push({ type: 'op', text: match![3] });
    else if (match![5]) tokens.push({ type: 'str', text: match![5] });
    else tokens.push({ type: match![4] as Token['type'], text: match![4]! });
  }
  return tokens;
}

// Lowest to highest; every binary operator combines its operands' kinds the same way.
const PRECEDENCE = [['OR', '||'], ['AND', '&&'], ['==', '!=', '<', '>', '<=', '>='], ['+', '-'], ['*', '/'], ['^']];

/**
 * A Metrics Insights query is CloudWatch's other kind of alarm expression. This stack uses none: one is
 * billed per metric it analyzes, with no free tier (an errors query over 49 functions is 49 alarm
 * metrics), and its WHERE compares label values with = and != only, so it cannot pick one stage's
 * generated function names. Refused here so that choice is made again with the bill in hand.
 */
function refuseMetricsInsights(expression: string): void {
  if (/^\s*SELECT\b/i.test(expression)) fail(`A Metrics Insights query is billed per metric it analyzes: "${expression}"`);
}

/** The kind an expression yields, given the kinds of the ids it may name; throws on anything CloudWatch would refuse. */
export function kindOf(expression: string, ids: Record<string, Kind>): Kind {
  refuseMetricsInsights(expression);
  const tokens = tokenize(expression);
  let next = 0;
  const peek = () => tokens[next];
  const expect = (type: Token['type']) => {
    const token = tokens[next++];
    if (token?.type !== type) fail(`Expected "${type}" in "${expression}"`);
    return token!;
  };
  const combine = (left: Kind, right: Kind, op: string): Kind => {
    if (left === 'TS[]' && right === 'TS[]') fail(`Unsupported operand type(s) for ${op}: two arrays of time series`);
    if (left === 'TS[]' || right === 'TS[]') return 'TS[]';
    return left === 'TS' || right === 'TS' ? 'TS' : 'S';
  };
  const binary = (level: number): Kind => {
    if (level === PRECEDENCE.length) return unary();
    let left = binary(level + 1);
    while (peek()?.type === 'op' && PRECEDENCE[level]!.includes(peek()!.text)) {
      const op = tokens[next++]!.text;
      left = combine(left, binary(level + 1), op);
    }
    return left;
  };
  const unary = (): Kind => {
    if (peek()?.type === 'op' && peek()!.text === '-') {
      next++;
      return unary();
    }
    return primary();
  };
  const primary = (): Kind => {
    const token = tokens[next++];
    if (!token) return fail(`Unexpected end of "${expression}"`);
    // A number, a string argument, or FILL's REPEAT and LINEAR: scalars as far as kinds go.
    if (token.type === 'num' || token.type === 'str') return 'S';
    if (token.type === '(') {
      const inner = binary(0);
      expect(')');
      return inner;
    }
    if (token.type === '[') {
      const elements: Kind[] = [binary(0)];
      while (peek()?.type === ',') {
        next++;
        elements.push(binary(0));
      }
      expect(']');
      if (elements.some((kind) => kind !== 'TS')) fail(`An array holds time series only: '[Array[${elements.join(', ')}]]' in "${expression}"`);
      return 'TS[]';
    }
    if (token.type === 'id') {
      if (peek()?.type === '(') {
        next++;
        const signature = FUNCTIONS[token.text];
        if (!signature) fail(`${token.text} is not a function an alarm may use (in "${expression}")`);
        const args: Kind[] = [];
        if (peek()?.type !== ')') {
          args.push(binary(0));
          while (peek()?.type === ',') {
            next++;
            args.push(binary(0));
          }
        }
        expect(')');
        return signature!(args, token.text);
      }
      if (token.text === 'REPEAT' || token.text === 'LINEAR') return 'S';
      const kind = ids[token.text];
      return kind ?? fail(`"${token.text}" names no metric or expression of the alarm (in "${expression}")`);
    }
    return fail(`Unexpected "${token.text}" in "${expression}"`);
  };
  const kind = binary(0);
  if (next !== tokens.length) fail(`Unexpected "${tokens[next]!.text}" in "${expression}"`);
  return kind;
}

/** Checks an alarm's metric-data queries as PutMetricAlarm would: limits, ids, and one time series returned. */
export function checkAlarmQueries(queries: AlarmQuery[]): void {
  const metrics = queries.filter((query) => query.MetricStat !== undefined);
  const expressions = queries.filter((query) => query.Expression !== undefined);
  if (metrics.length > 10) fail(`An alarm may use at most 10 metrics, this one has ${metrics.length}`);
  if (expressions.length > 10) fail(`An alarm may use at most 10 expressions, this one has ${expressions.length}`);
  for (const query of expressions) refuseMetricsInsights(query.Expression!);
  const ids: Record<string, Kind> = {};
  for (const query of queries) if (!/^[a-z][A-Za-z0-9_]*$/.test(query.Id)) fail(`Id "${query.Id}" must start with a lower-case letter`);
  for (const query of metrics) ids[query.Id] = 'TS';
  // An expression may name another expression: resolve them in order of need.
  const resolving = new Set<string>();
  const resolve = (query: AlarmQuery): Kind => {
    if (ids[query.Id]) return ids[query.Id]!;
    if (resolving.has(query.Id)) fail(`Expression "${query.Id}" refers to itself`);
    resolving.add(query.Id);
    const names = new Set(
      tokenize(query.Expression!)
        .filter((token) => token.type === 'id')
        .map((token) => token.text),
    );
    for (const other of expressions) if (other !== query && names.has(other.Id)) resolve(other);
    ids[query.Id] = kindOf(query.Expression!, ids);
    return ids[query.Id]!;
  };
  const returned = queries.filter((query) => query.ReturnData !== false);
  if (returned.length !== 1) fail(`An alarm returns exactly one query, this one returns ${returned.length}`);
  for (const query of expressions) resolve(query);
  const result = ids[returned[0]!.Id];
  if (result !== 'TS') fail(`An alarm watches one time series; "${returned[0]!.Expression ?? returned[0]!.Id}" yields ${result}`);
}

/**
 * Which workers a batch of the table's stream records rings (pure; the doorbell on AWS and the local
 * engine both call it). The worklists and the outbox stay the truth: a ring only says "look now" (a
 * wake) or "look then" (an alarm), and a ring lost is caught by the sweep.
 */

/** The background workers, each its own function on AWS. */
export type WorkerName = 'dispatch' | 'simulation' | 'remittances' | 'relay' | 'webhooks';

/** Every worker, in the order a sweep wakes them. */
export const WORKER_NAMES: readonly WorkerName[] = ['dispatch', 'simulation', 'remittances', 'relay', 'webhooks'];

/** The env variable that names each worker's function to whoever rings it (the stack sets them; functions/engine/bell.ts reads them). */
export const WORKER_FUNCTION_ENV = {
  dispatch: 'WORKER_FUNCTION_DISPATCH',
  simulation: 'WORKER_FUNCTION_SIMULATION',
  remittances: 'WORKER_FUNCTION_REMITTANCES',
  relay: 'WORKER_FUNCTION_RELAY',
  webhooks: 'WORKER_FUNCTION_WEBHOOKS',
} as const satisfies Record<WorkerName, string>;

/**
 * The stream event source mapping's filter criteria (one pattern each): only worklist and outbox
 * inserts and changes invoke the doorbell, so writes of jobs, ledgers and feeds cost no invocation.
 */
export const STREAM_FILTER_PATTERNS: ReadonlyArray<Record<string, unknown>> = [
  { eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { PK: { S: [{ prefix: 'WORK#' }] } } } },
  { eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { PK: { S: [{ prefix: 'OUTBOX' }] } } } },
];

/** The longest alarm set (SQS's 900 s delay); work due later is found by the sweep. */
export const MAX_ALARM_MS = 15 * 60_000;

/** A stream record as Lambda and the DynamoDB Streams API give it (attribute values as DynamoDB writes them). */
export interface StreamRecord {
  eventName?: string | undefined;
  dynamodb?: { Keys?: Record<string, unknown> | undefined; NewImage?: Record<string, unknown> | undefined } | undefined;
}

/** What a batch rings: workers to wake now (each once), and alarms (each worker once a second). */
export interface Rings {
  wake: WorkerName[];
  alarms: Array<{ worker: WorkerName; at: Date }>;
}

/** The rings of a batch of stream records at `now` (ENGINE.md §3); a record it cannot read is ignored, never thrown on. */
export function ringsOf(records: readonly StreamRecord[], now: Date): Rings {
  const wake = new Set<WorkerName>();
  const alarms = new Map<string, { worker: WorkerName; at: Date }>();
  const ring = (worker: WorkerName, at: Date | null) => {
    if (at === null || at.getTime() <= now.getTime()) wake.add(worker);
    else if (at.getTime() - now.getTime() <= MAX_ALARM_MS) {
      const key = `${worker} ${Math.floor(at.getTime() / 1000)}`;
      if (!alarms.has(key)) alarms.set(key, { worker, at });
    }
  };
  for (const record of records) {
    try {
      ringOne(record, now, ring);
    } catch {
      // A record of a shape we do not know: nothing to ring (the sweep still finds its work).
    }
  }
  return { wake: [...wake], alarms: [...alarms.values()] };
}

function ringOne(record: StreamRecord, now: Date, ring: (worker: WorkerName, at: Date | null) => void): void {
  const event = record.eventName;
  if (event !== 'INSERT' && event !== 'MODIFY') return;
  const image = record.dynamodb?.NewImage ?? {};
  const pk = text(record.dynamodb?.Keys, 'PK') ?? text(image, 'PK');
  if (pk === undefined) return;
  const inserted = event === 'INSERT';
  if (pk.startsWith('OUTBOX')) {
    if (inserted) ring('relay', null);
  } else if (pk.startsWith('WORK#dispatch')) {
    const due = time((text(record.dynamodb?.Keys, 'SK') ?? text(image, 'SK'))?.split('#')[0]);
    if (due) ring('dispatch', due);
  } else if (pk.startsWith('WORK#simulation')) {
    if (inserted) ring('simulation', null);
  } else if (pk.startsWith('WORK#remittance')) {
    // A store its worker holds (the lease it just took) is rung by the worker's own release.
    const lease = time(text(image, 'leaseUntil'));
    if (lease && lease.getTime() > now.getTime()) return;
    const notBefore = text(image, 'notBefore');
    if (notBefore === undefined) ring('remittances', null);
    else {
      const at = time(notBefore);
      if (at) ring('remittances', at);
    }
  } else if (pk.startsWith('WORK#webhook') && inserted) {
    const due = time(text(image, 'dueAt'));
    if (!due) return;
    if (due.getTime() > now.getTime()) ring('webhooks', due);
    // Due now: a redelivery by hand or a test event rings here; a first attempt is rung by the relay that placed it.
    else if (bool(image, 'manual') || bool(image, 'wake')) ring('webhooks', null);
  }
}

// A string attribute (S), or undefined when absent, null or another type.
function text(image: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = image?.[name] as { S?: unknown } | undefined;
  return typeof value?.S === 'string' ? value.S : undefined;
}

function bool(image: Record<string, unknown>, name: string): boolean {
  return (image[name] as { BOOL?: unknown } | undefined)?.BOOL === true;
}

// A time from an ISO string, or null when it is not one.
function time(iso: string | undefined): Date | null {
  if (iso === undefined) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms);
}

import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ListStreamsCommand,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { Bell } from '../../functions/engine/bell.ts';
import { ringStream, sweep } from '../../functions/engine/doorbell.ts';
import type { StreamRecord, WorkerName } from '../../functions/engine/rings.ts';
import { runWorker, type Pass, type WorkerRun } from '../../functions/engine/run.ts';
import { isolated } from './log-scope.ts';
import type { Runtime } from '../../functions/runtime.ts';
import { deliverPass } from '../../functions/webhooks/deliver.ts';
import { dispatchPass } from '../../functions/workers/dispatch.ts';
import { relayPass } from '../../functions/workers/relay.ts';
import { remittancePass } from '../../functions/workers/remittances.ts';
import { simulationPass } from '../../functions/workers/simulation.ts';

/** Each worker's pass, as its Lambda entry runs it (functions/workers/handlers/). */
const PASSES: Record<WorkerName, Pass<Runtime>> = {
  dispatch: dispatchPass,
  simulation: simulationPass,
  remittances: remittancePass,
  relay: relayPass,
  webhooks: deliverPass,
};

/**
 * Runs of one worker at once (more wakes meanwhile make one more run after them). On AWS every wake
 * is an invocation of its own; here the workers that only use the table run one at a time, since
 * they share DynamoDB Local's two cores with the API: under `npm run load` (50 stores) four at once
 * halved the requests served and put booked → offered at 4.0 s p95, one at a time 2.6 s. The
 * sender's runs spend most of their time waiting on receivers (an attempt may take 10 s), and every
 * run keeps a store to its cap beside the others' leases, so it gets room for two slow stores at
 * their cap and runs free for everyone else's deliveries.
 */
export const RUNS_AT_ONCE: Record<WorkerName, number> = { dispatch: 1, simulation: 1, remittances: 1, relay: 1, webhooks: 12 };
/** How long one local run may take: a webhook attempt's 10 s and its bookkeeping fit, as in an invocation. */
export const LOCAL_RUN_MS = 20_000;

/** What the local engine is told. */
export interface EngineOptions {
  /** Something went wrong outside a worker's items (a stream read, a run that threw). */
  onError: (error: unknown) => void;
  /** Each worker run's totals, as ENGINE_MESSAGES.run logs them. */
  onReport?: (run: WorkerRun) => void;
  /** Each sweep, once the runs it started (and what they rang) have ended. */
  onSweep?: () => void;
  /** The sweep's period (the minute's rule on AWS): 60 s. */
  sweepMs?: number;
  /** How often the stream is read: 100 ms. */
  pollMs?: number;
  /** Wraps the in-process bell that rings and workers use (tests drop or double rings); the sweep rings the engine's own. */
  bell?: (local: Bell) => Bell;
}

/** The running engine. */
export interface LocalEngine {
  /** Resolves once the stream is being read and the first sweep's runs have ended. */
  ready: Promise<void>;
  /** Runs a sweep now; resolves when its runs, and what they rang, have ended. */
  sweep(): Promise<void>;
  /** Resolves when no worker runs and none is waiting to. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The engine of `npm start` and the tests, with the code paths of AWS: it reads DynamoDB Local's
 * stream of the table and hands the records to the doorbell's own ringStream; its bell runs
 * runWorker in process (alarms are timers); the sweep runs every `sweepMs`, and once at the start for
 * what was written while nothing ran. Stream reads go through their own client, so they are not table
 * calls (on AWS Lambda reads the stream at no charge).
 */
export function startEngine(rt: Runtime, options: EngineOptions): LocalEngine {
  const { onError, onReport = () => undefined, onSweep = () => undefined, sweepMs = 60_000, pollMs = 100 } = options;
  const local = new LocalBell(rt, onReport, onError);
  const bell = options.bell ? options.bell(local) : local;
  local.workerBell = bell;
  // Each stream read, sweep and worker run logs as an invocation of its own (as on AWS), never with a request's keys.
  const stream = new StreamReader(rt, pollMs, async (records) => void (await isolated(() => ringStream(records, bell))), onError);
  let stopped = false;
  let sweeping: Promise<void> | null = null;
  // The doorbell's own sweep, through a bell that keeps the runs it starts, so a sweep can be waited for.
  const sweepOnce = async () => {
    const runs: Array<Promise<void>> = [];
    await isolated(() => sweep({ wake: async (worker) => void runs.push(local.serve(worker)), alarm: (worker, at) => local.alarm(worker, at) }));
    await Promise.all(runs);
  };
  // A sweep still running when the next is due (a slow table) is not doubled: its runs look at everything anyway.
  const sweepUnlessSweeping = () => {
    sweeping ??= sweepOnce().finally(() => (sweeping = null));
    return sweeping;
  };
  const ready = stream.start().then(sweepUnlessSweeping);
  ready.catch(onError);
  const sweeper = setInterval(() => {
    if (!stopped && !sweeping) sweepUnlessSweeping().then(onSweep, onError);
  }, sweepMs);
  return {
    ready,
    sweep: sweepUnlessSweeping,
    idle: () => local.idle(),
    stop: async () => {
      stopped = true;
      clearInterval(sweeper);
      await stream.stop();
      await local.stop();
    },
  };
}

// The in-process bell: a wake starts a run unless RUNS_AT_ONCE of the worker run (then one more run
// follows them); an alarm is a timer, one per worker and second.
class LocalBell implements Bell {
  /** The bell the workers' runs ring (the engine's wrapper, when given). */
  workerBell: Bell = this;
  private readonly running = new Map<WorkerName, number>();
  // The one more run each worker owes (wakes that came while RUNS_AT_ONCE of it ran), and who waits for it.
  private readonly waiting = new Map<WorkerName, { done: Promise<void>; resolve: () => void }>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly runs = new Set<Promise<void>>();
  private idlers: Array<() => void> = [];
  private stopped = false;

  private readonly rt: Runtime;
  private readonly onReport: (run: WorkerRun) => void;
  private readonly onError: (error: unknown) => void;

  constructor(rt: Runtime, onReport: (run: WorkerRun) => void, onError: (error: unknown) => void) {
    this.rt = rt;
    this.onReport = onReport;
    this.onError = onError;
  }

  async wake(worker: WorkerName): Promise<void> {
    void this.serve(worker);
  }

  /** Wakes the worker; resolves when the run that serves this wake (a new one, or the one after those running) has ended. */
  serve(worker: WorkerName): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if ((this.running.get(worker) ?? 0) < RUNS_AT_ONCE[worker]) return this.start(worker);
    let next = this.waiting.get(worker);
    if (!next) {
      let resolve!: () => void;
      next = { done: new Promise<void>((r) => (resolve = r)), resolve };
      this.waiting.set(worker, next);
    }
    return next.done;
  }

  async alarm(worker: WorkerName, at: Date): Promise<void> {
    const key = `${worker} ${Math.floor(at.getTime() / 1000)}`;
    if (this.stopped || this.timers.has(key)) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(key);
        void this.wake(worker);
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    timer.unref();
    this.timers.set(key, timer);
  }

  idle(): Promise<void> {
    if (this.runs.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idlers.push(resolve));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const next of this.waiting.values()) next.resolve();
    this.waiting.clear();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.runs]);
  }

  private start(worker: WorkerName): Promise<void> {
    this.running.set(worker, (this.running.get(worker) ?? 0) + 1);
    const run: Promise<void> = isolated(() =>
      runWorker(worker, this.rt, PASSES[worker], { deadline: Date.now() + LOCAL_RUN_MS, bell: this.workerBell }).then(this.onReport, this.onError),
    ).finally(() => {
      this.running.set(worker, this.running.get(worker)! - 1);
      this.runs.delete(run);
      const next = this.waiting.get(worker);
      if (next) {
        this.waiting.delete(worker);
        if (this.stopped) next.resolve();
        else void this.start(worker).then(next.resolve);
      }
      if (this.runs.size === 0) for (const resolve of this.idlers.splice(0)) resolve();
    });
    this.runs.add(run);
    return run;
  }
}

// Reads the table's stream as a Lambda event source mapping would: every open shard from its latest
// record, every shard found later (a closed shard's children) from its start, a batch at a time.
class StreamReader {
  private readonly client: DynamoDBStreamsClient;
  private readonly iterators = new Map<string, string>();
  private readonly known = new Set<string>();
  private streamArn = '';
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> = Promise.resolve();
  private polls = 0;
  private stopped = false;

  private readonly pollMs: number;
  private readonly onRecords: (records: StreamRecord[]) => Promise<void>;
  private readonly onError: (error: unknown) => void;
  private readonly tableName: string;

  constructor(rt: Runtime, pollMs: number, onRecords: (records: StreamRecord[]) => Promise<void>, onError: (error: unknown) => void) {
    this.pollMs = pollMs;
    this.onRecords = onRecords;
    this.onError = onError;
    const { AWS_REGION: region, DYNAMODB_ENDPOINT: endpoint } = rt.config;
    this.tableName = rt.config.TABLE_NAME;
    this.client = new DynamoDBStreamsClient({
      region,
      ...(endpoint && { endpoint }),
      // DynamoDB Local accepts any credentials, as the table's own client does (functions/data/client.ts).
      ...(endpoint && !process.env.AWS_ACCESS_KEY_ID && { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    });
  }

  /** Finds the table's stream and starts reading its open shards from now on. */
  async start(): Promise<void> {
    const { Streams = [] } = await this.client.send(new ListStreamsCommand({ TableName: this.tableName }));
    // A stream turned off and on again leaves the old one listed: the newest label is the live one.
    const latest = Streams.map((stream) => stream.StreamArn ?? '')
      .sort((a, b) => a.localeCompare(b))
      .at(-1);
    if (!latest) throw new Error(`Table ${this.tableName} has no stream (npm start turns it on; a test table has it with createTestTable({ stream: true }))`);
    this.streamArn = latest;
    await this.discover('LATEST');
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
    this.client.destroy();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.polling = this.poll().finally(() => this.schedule());
    }, this.pollMs);
  }

  // One read of every shard; a shard that closed (or cannot be read) sends us looking for its successors.
  private async poll(): Promise<void> {
    let lost = false;
    for (const [shardId, iterator] of this.iterators) {
      try {
        const { Records = [], NextShardIterator } = await this.client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        if (NextShardIterator) this.iterators.set(shardId, NextShardIterator);
        else {
          this.iterators.delete(shardId);
          lost = true;
        }
        // A batch the doorbell could not ring is not read again (the sweep catches its work), as a
        // stream mapping's retries end: the shard goes on.
        if (Records.length > 0) await this.onRecords(Records).catch(this.onError);
      } catch (error) {
        this.iterators.delete(shardId);
        this.known.delete(shardId);
        lost = true;
        this.onError(error);
      }
    }
    // Every 5 s or so, and whenever a shard ended, look for shards begun since.
    if (this.stopped) return;
    if (lost || ++this.polls % SHARD_LOOKUP_POLLS === 0) await this.discover('TRIM_HORIZON').catch(this.onError);
  }

  // Starts reading every open shard not read yet: at `from` (LATEST at the start; later, a new shard from its beginning).
  private async discover(from: 'LATEST' | 'TRIM_HORIZON'): Promise<void> {
    const shards: Shard[] = [];
    let start: string | undefined;
    do {
      const { StreamDescription } = await this.client.send(new DescribeStreamCommand({ StreamArn: this.streamArn, ExclusiveStartShardId: start }));
      shards.push(...(StreamDescription?.Shards ?? []));
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    for (const shard of shards) {
      const shardId = shard.ShardId!;
      if (this.known.has(shardId)) continue;
      this.known.add(shardId);
      // Closed before we began: its records are older than the start's sweep.
      if (from === 'LATEST' && shard.SequenceNumberRange?.EndingSequenceNumber) continue;
      const { ShardIterator } = await this.client.send(new GetShardIteratorCommand({ StreamArn: this.streamArn, ShardId: shardId, ShardIteratorType: from }));
      if (ShardIterator) this.iterators.set(shardId, ShardIterator);
    }
  }
}

/** How many polls between two looks for new shards. */
const SHARD_LOOKUP_POLLS = 50;

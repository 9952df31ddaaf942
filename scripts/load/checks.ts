import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { heldBy, offeredAt, type Job, type JobStatus } from '../../functions/core/job.ts';
import { dispatchLooksAfter } from '../../functions/core/dispatch.ts';
import type { LedgerEntry } from '../../functions/core/store.ts';
import { keys } from '../../functions/data/table.ts';
import type { Runtime } from '../../functions/runtime.ts';
import type { LoadClient } from './http.ts';
import type { Observed } from './observed.ts';

/** One check of the run: what it holds to, how many things it looked at, and what broke it (samples). */
export interface Check {
  name: string;
  checked: number;
  failures: string[];
  failureCount: number;
}

type Item = Record<string, unknown> & { PK: string; SK: string };

const MAX_SAMPLES = 10;

/**
 * The status steps an event history may take: the lifecycle of functions/core/lifecycle.ts (its
 * header), status to status. Ended jobs take no further step.
 */
const NEXT: Record<JobStatus, readonly JobStatus[]> = {
  created: ['queued', 'cancelled', 'failed'],
  queued: ['picked_by_agent', 'cancelled', 'failed'],
  picked_by_agent: ['booking_in_progress', 'queued', 'cancelled', 'failed'],
  booking_in_progress: ['booked', 'queued', 'cancelled', 'failed'],
  booked: ['pickup_completed', 'cancelled', 'failed'],
  pickup_completed: ['delivered', 'failed'],
  delivered: [],
  failed: [],
  cancelled: [],
};

// A check built up one subject at a time.
class CheckBuilder {
  readonly check: Check;
  constructor(name: string) {
    this.check = { name, checked: 0, failures: [], failureCount: 0 };
  }
  looked(count = 1): void {
    this.check.checked += count;
  }
  fail(detail: string): void {
    this.check.failureCount += 1;
    if (this.check.failures.length < MAX_SAMPLES) this.check.failures.push(detail);
  }
  /** Fails with `detail` unless `ok`. */
  expect(ok: boolean, detail: () => string): void {
    this.looked();
    if (!ok) this.fail(detail());
  }
}

// Every item of the table, read strongly consistent, page by page.
async function scanTable(db: DynamoDBDocumentClient, tableName: string): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey: startKey }));
    items.push(...((page.Items ?? []) as Item[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

const groupBy = <T, K>(values: readonly T[], key: (value: T) => K): Map<K, T[]> => {
  const groups = new Map<K, T[]>();
  for (const value of values) (groups.get(key(value)) ?? groups.set(key(value), []).get(key(value))!).push(value);
  return groups;
};

/** The settlement a job's status and history call for (a failure after pickup is held for review). */
function expectedSettlement(job: Job): string {
  if (job.status === 'delivered') return 'captured';
  if (job.status === 'cancelled') return 'released';
  if (job.status === 'failed') return job.events.some((event) => event.status === 'pickup_completed') ? 'review' : 'released';
  return 'reserved';
}

/** The ledger entries a job with this settlement has: its reserve, then its release or capture. */
function expectedEntries(job: Job): Array<Pick<LedgerEntry, 'type' | 'balanceDeltaMinor' | 'reservedDeltaMinor'>> {
  const charge = job.chargeMinor;
  const reserve = { type: 'reserve' as const, balanceDeltaMinor: 0, reservedDeltaMinor: charge };
  if (job.settlement === 'released') return [reserve, { type: 'release', balanceDeltaMinor: 0, reservedDeltaMinor: -charge }];
  if (job.settlement === 'captured') return [reserve, { type: 'capture', balanceDeltaMinor: -charge, reservedDeltaMinor: -charge }];
  return [reserve];
}

const entryText = (entries: ReadonlyArray<Pick<LedgerEntry, 'type' | 'balanceDeltaMinor' | 'reservedDeltaMinor'>>) =>
  entries
    .map((entry) => `${entry.type} ${entry.balanceDeltaMinor}/${entry.reservedDeltaMinor}`)
    .sort()
    .join(', ');

/**
 * Reads the whole table after the run (the repositories for stores, ledgers and jobs; a scan for the
 * index, worklist, marker and pointer items) and holds it to what the clients saw and to the
 * invariants: every job created exactly once and known to its merchant; its counter, key, marker,
 * quote, pointer, ledger entries, events, settlement and indexes consistent; the ledger invariant for
 * every store.
 */
export async function checkRun(input: {
  rt: Runtime;
  db: DynamoDBDocumentClient;
  client: LoadClient;
  observed: Observed;
  workers: { ticks: number; failures: string[] };
}): Promise<{ checks: Check[]; jobs: Job[] }> {
  const { rt, db, client, observed } = input;
  const items = await scanTable(db, rt.config.TABLE_NAME);
  const ofType = groupBy(items, (item) => item.type as string | undefined);
  const jobItems = ofType.get('job') ?? [];
  const jobs = await rt.jobs.getMany(jobItems.map((item) => ({ storeId: item.storeId as string, jobId: item.jobId as string })));
  const jobsByStore = groupBy(jobs, (job) => job.storeId);
  const jobById = new Map(jobs.map((job) => [job.id, job]));

  const answers = new CheckBuilder('No 5xx answers');
  answers.looked([...client.counts.values()].reduce((sum, byStatus) => sum + [...byStatus.values()].reduce((a, b) => a + b, 0), 0));
  for (const fault of client.faults.serverErrors) answers.fail(`${fault.route} → ${fault.status}: ${fault.detail}`);
  answers.check.failureCount = client.faultCounts.serverErrors;

  const network = new CheckBuilder('No network errors or client timeouts');
  network.looked(answers.check.checked);
  for (const fault of client.faults.network) network.fail(`${fault.route}: ${fault.detail}`);
  network.check.failureCount = client.faultCounts.network;

  const contract = new CheckBuilder('Every answer matches the API description (docs/openapi.json, docs/fleet-openapi.json)');
  contract.looked(answers.check.checked);
  for (const fault of client.faults.contract) contract.fail(fault.detail);
  contract.check.failureCount = client.faultCounts.contract;

  const limited = new CheckBuilder('Every 429 is rate_limited with a Retry-After of at least 1 s');
  limited.looked(client.rateLimited + client.faultCounts.badRateLimit);
  for (const fault of client.faults.badRateLimit) limited.fail(`${fault.route}: ${fault.detail}`);
  limited.check.failureCount = client.faultCounts.badRateLimit;

  const expected = new CheckBuilder('Every answer is one its action allows (races answer 404/409, refusals their documented 4xx)');
  expected.looked(answers.check.checked);
  for (const surprise of observed.surprises) expected.fail(`${surprise.action} → ${surprise.status} ${surprise.detail}`);
  expected.check.failureCount = observed.surpriseCount;

  const seen = new CheckBuilder('No contradiction seen during the run (a replay names the job its key made; one 201 per key; one end state per job)');
  seen.looked(observed.stores.reduce((sum, store) => sum + store.jobByKey.size, 0));
  for (const contradiction of observed.contradictions) seen.fail(contradiction);

  const workers = new CheckBuilder('The background workers never failed (ticks and worklist items)');
  workers.looked(input.workers.ticks);
  for (const failure of input.workers.failures) workers.fail(failure);

  const created = new CheckBuilder('Every job the merchants saw created (201) exists exactly once, and no other job exists');
  const counter = new CheckBuilder("Each store's jobCount equals its jobs, numbered 1..jobCount without gaps");
  const idempotency = new CheckBuilder('One job per Idempotency-Key; its booking marker and its quote name that job');
  const ledger = new CheckBuilder('Ledger: each job has exactly its reserve and at most one release or capture, matching its settlement; no other entries');
  const invariant = new CheckBuilder(
    'Ledger invariant per store: balance = Σ balance deltas; reserved = Σ reserved deltas = charges of reserved/review jobs; available = balance − reserved ≥ 0',
  );
  const events = new CheckBuilder("Each job's events: unique ids, from `created` by allowed steps, in time order, the last one its status; settlement matches");
  const ends = new CheckBuilder('Every end state answered 200 (cancel, delivery, failure) is the job’s state in the table');

  const markers = new Map((ofType.get('bookingMarker') ?? []).map((item) => [`${item.PK}|${item.SK}`, item]));
  const quotes = new Map((ofType.get('quote') ?? []).map((item) => [`${item.PK}|${item.SK}`, item]));
  const entryIds = new Set<string>();
  const eventIds = new Set<string>();

  for (const store of observed.stores) {
    const record = await rt.stores.get(store.storeId);
    const entries = await rt.stores.ledger(store.storeId);
    const storeJobs = jobsByStore.get(store.storeId) ?? [];
    if (!record) {
      invariant.expect(false, () => `${store.name}: the store is gone`);
      continue;
    }

    // Created exactly once, and nothing the merchant did not see created.
    const counts = groupBy(storeJobs, (job) => job.id);
    for (const [jobId, key] of store.created) {
      created.expect(counts.get(jobId)?.length === 1, () => `${store.name}: job ${jobId} (key ${key}) is in the table ${counts.get(jobId)?.length ?? 0} times`);
    }
    for (const job of storeJobs) {
      if (!store.created.has(job.id)) created.expect(false, () => `${store.name}: job ${job.id} (key ${job.idempotencyKey}) was never answered 201`);
    }

    // The counter: jobs 1..jobCount, each once.
    const seqs = storeJobs.map((job) => job.seq).sort((a, b) => a - b);
    counter.expect(
      record.jobCount === storeJobs.length && seqs.every((seq, index) => seq === index + 1),
      () => `${store.name}: jobCount ${record.jobCount}, ${storeJobs.length} jobs, seqs ${seqs.slice(0, 5).join(',')}…`,
    );

    // Keys, markers, quotes.
    const byKey = groupBy(storeJobs, (job) => job.idempotencyKey);
    for (const [key, keyed] of byKey) {
      const marker = markers.get(`${keys.bookingMarker(store.storeId, key).PK}|${keys.bookingMarker(store.storeId, key).SK}`);
      const quote = quotes.get(`${keys.quote(store.storeId, keyed[0]!.quoteId).PK}|${keys.quote(store.storeId, keyed[0]!.quoteId).SK}`);
      idempotency.expect(
        keyed.length === 1 && marker?.jobId === keyed[0]!.id && quote?.jobId === keyed[0]!.id && store.jobByKey.get(key) === keyed[0]!.id,
        () =>
          `${store.name}: key ${key} → ${keyed.length} job(s) ${keyed.map((job) => job.id).join(', ')}; marker → ${String(marker?.jobId)}; quote → ${String(quote?.jobId)}; client saw ${String(store.jobByKey.get(key))}`,
      );
    }

    // Ledger entries against jobs.
    const entriesByJob = groupBy(
      entries.filter((entry) => entry.jobId !== null),
      (entry) => entry.jobId!,
    );
    for (const entry of entries) {
      ledger.expect(!entryIds.has(entry.id), () => `${store.name}: ledger entry ${entry.id} twice`);
      entryIds.add(entry.id);
    }
    for (const job of storeJobs) {
      const have = entryText(entriesByJob.get(job.id) ?? []);
      const want = entryText(expectedEntries(job));
      ledger.expect(have === want, () => `${store.name}: job ${job.id} (${job.status}, ${String(job.settlement)}) has [${have}], expected [${want}]`);
    }
    for (const jobId of entriesByJob.keys()) if (!jobById.has(jobId)) ledger.expect(false, () => `${store.name}: ledger entries for unknown job ${jobId}`);
    const topUps = entries.filter((entry) => entry.jobId === null);
    ledger.expect(
      topUps.length === 1 && topUps[0]!.type === 'top_up' && topUps[0]!.balanceDeltaMinor === store.creditMinor,
      () => `${store.name}: entries without a job: ${entryText(topUps)}`,
    );

    // The invariant.
    const sumBalance = entries.reduce((sum, entry) => sum + entry.balanceDeltaMinor, 0);
    const sumReserved = entries.reduce((sum, entry) => sum + entry.reservedDeltaMinor, 0);
    const held = storeJobs.filter((job) => job.settlement === 'reserved' || job.settlement === 'review').reduce((sum, job) => sum + job.chargeMinor, 0);
    invariant.expect(
      record.balanceMinor === sumBalance &&
        record.reservedMinor === sumReserved &&
        record.reservedMinor === held &&
        record.availableMinor === record.balanceMinor - record.reservedMinor &&
        record.availableMinor >= 0 &&
        record.reservedMinor >= 0,
      () =>
        `${store.name}: balance ${record.balanceMinor} (ledger ${sumBalance}), reserved ${record.reservedMinor} (ledger ${sumReserved}, jobs ${held}), available ${record.availableMinor}`,
    );

    // Events and settlement.
    for (const job of storeJobs) {
      const problems: string[] = [];
      const statuses = job.events.map((event) => event.status);
      if (statuses[0] !== 'created') problems.push(`starts ${String(statuses[0])}`);
      job.events.forEach((event, index) => {
        if (eventIds.has(event.id)) problems.push(`event id ${event.id} repeated`);
        eventIds.add(event.id);
        const before = job.events[index - 1];
        if (!before) return;
        if (!NEXT[before.status].includes(event.status)) problems.push(`${before.status} → ${event.status}`);
        if (event.createdAt < before.createdAt) problems.push(`${event.status} at ${event.createdAt} before ${before.status} at ${before.createdAt}`);
      });
      if (statuses.at(-1) !== job.status) problems.push(`last event ${String(statuses.at(-1))}, status ${job.status}`);
      if (job.settlement !== expectedSettlement(job)) problems.push(`settlement ${String(job.settlement)}, expected ${expectedSettlement(job)}`);
      events.expect(problems.length === 0, () => `${store.name}: job ${job.id}: ${problems.join('; ')} [${statuses.join(' → ')}]`);
    }
  }

  for (const [jobId, status] of observed.finalStatus) {
    const job = jobById.get(jobId);
    ends.expect(job?.status === status, () => `job ${jobId}: answered ${status}, the table has ${job ? job.status : 'no such job'}`);
  }

  const checks = [
    answers.check,
    network.check,
    contract.check,
    limited.check,
    expected.check,
    seen.check,
    workers.check,
    created.check,
    counter.check,
    idempotency.check,
    ledger.check,
    invariant.check,
    events.check,
    ends.check,
    ...checkIndexes(items, jobs),
    ...checkEvents(items, jobs),
  ];
  return { checks, jobs };
}

/**
 * The events the changes wrote, against the jobs: each job's events (placed in its store's feed, or
 * still in the outbox) number 1..its eventSequence once each, and their status events are its status
 * history in order; each store's feed holds positions 1..its head with no gap, each event once and
 * also under its id.
 */
function checkEvents(items: Item[], jobs: Job[]): Check[] {
  const perChange = new CheckBuilder("One event per change: each job's events are 1..eventSequence once each; its status events are its history, in order");
  type Written = { id: string; type: string; jobId: string | null; sequence: number | null };
  const placed = items.filter((item) => item.type === 'feed-event').map((item) => item.event as Written);
  const waiting = items.filter((item) => item.type === 'outbox').map((item) => item.event as Written);
  const byJob = groupBy(
    [...placed, ...waiting].filter((event) => event.jobId !== null),
    (event) => event.jobId!,
  );
  for (const job of jobs) {
    const events = (byJob.get(job.id) ?? []).sort((a, b) => a.sequence! - b.sequence!);
    const sequence = job.eventSequence ?? 0;
    perChange.expect(
      events.map((event) => event.sequence).join() === Array.from({ length: sequence }, (_, i) => i + 1).join(),
      () => `job ${job.id}: events numbered ${events.map((event) => event.sequence).join(',')} for eventSequence ${sequence}`,
    );
    const statuses = events.filter((event) => event.type !== 'job.settlement_changed' && event.type !== 'job.location_updated').map((event) => event.type);
    perChange.expect(
      statuses.join() === job.events.map((entry) => `job.${entry.status}`).join(),
      () => `job ${job.id}: status events ${statuses.join(',')} for history ${job.events.map((entry) => entry.status).join(',')}`,
    );
  }

  const feeds = new CheckBuilder("Each store's feed: positions 1..head with no gap, each event once, each also under its id");
  const heads = new Map(items.filter((item) => item.SK === 'FEEDHEAD').map((item) => [item.PK, item.position as number]));
  const feedItems = groupBy(
    items.filter((item) => item.type === 'feed-event'),
    (item) => item.PK,
  );
  const byIdKeys = new Set(items.filter((item) => item.type === 'event').map((item) => `${item.PK} ${item.eventId as string}`));
  for (const [partition, head] of heads) {
    const positions = (feedItems.get(partition) ?? []).map((item) => item.position as number).sort((a, b) => a - b);
    feeds.expect(
      positions.join() === Array.from({ length: head }, (_, i) => i + 1).join(),
      () => `${partition}: head ${head}, positions ${positions.length} (${positions.slice(0, 5).join(',')}…)`,
    );
    const ids = (feedItems.get(partition) ?? []).map((item) => item.eventId as string);
    feeds.expect(new Set(ids).size === ids.length, () => `${partition}: ${ids.length - new Set(ids).size} events placed twice`);
    for (const id of ids) feeds.expect(byIdKeys.has(`${partition} ${id}`), () => `${partition}: event ${id} has no by-id item`);
  }
  return [perChange.check, feeds.check];
}

/**
 * The items that index live jobs, against the jobs: offers (exactly the queued jobs), assignments
 * and each rider's holding counter (exactly the jobs a rider holds, never more than allowed), the
 * dispatch worklist (exactly the jobs dispatch still looks after), and job pointers (one per job).
 */
function checkIndexes(items: Item[], jobs: Job[]): Check[] {
  const live = jobs.filter((job) => !job.testMode);
  const ids = (list: Array<{ PK: string; SK: string }>) => list.map((item) => `${item.PK} ${item.SK}`);
  const compare = (check: CheckBuilder, have: string[], want: string[]) => {
    const haveSet = new Set(have);
    const wantSet = new Set(want);
    check.looked(wantSet.size);
    for (const id of wantSet) if (!haveSet.has(id)) check.fail(`missing ${id}`);
    for (const id of haveSet) if (!wantSet.has(id)) check.fail(`extra ${id}`);
    if (have.length !== haveSet.size) check.fail(`${have.length - haveSet.size} duplicate items`);
  };

  const offers = new CheckBuilder('Offers index = the queued live jobs; assignments = the jobs riders hold');
  compare(
    offers,
    ids(items.filter((item) => item.type === 'offer' || item.type === 'assignment')),
    [
      ...live.filter((job) => job.status === 'queued').map((job) => keys.offer(job.zoneId, job.id, offeredAt(job))),
      ...live.filter((job) => heldBy(job) !== null).map((job) => keys.agentJob(heldBy(job)!, job.id)),
    ].map((key) => `${key.PK} ${key.SK}`),
  );

  const holding = new CheckBuilder("Each rider's holding counter = the live jobs they hold (never more than RIDER_MAX_HELD_JOBS)");
  const held = groupBy(
    live.filter((job) => heldBy(job) !== null),
    (job) => heldBy(job)!,
  );
  const counters = new Map(
    items.filter((item) => item.PK.startsWith('AGENT#') && item.SK === 'HOLDING').map((item) => [item.PK.slice('AGENT#'.length), item.holding as number]),
  );
  for (const agentId of new Set([...held.keys(), ...counters.keys()])) {
    const count = held.get(agentId)?.length ?? 0;
    holding.expect(count === (counters.get(agentId) ?? 0) && count <= 2, () => `rider ${agentId}: holds ${count}, counter ${String(counters.get(agentId))}`);
  }

  const work = new CheckBuilder('The dispatch worklist: one item for each job dispatch still looks after, in its shard, and none for any other job');
  const workItems = items.filter((item) => item.type === 'work' && item.PK.startsWith('WORK#dispatch'));
  const onList = groupBy(workItems, (item) => item.jobId as string);
  for (const job of live) {
    const held = onList.get(job.id) ?? [];
    const partition = keys.work('dispatch', job.id, '').PK;
    if (dispatchLooksAfter(job))
      work.expect(held.length === 1 && held[0]!.PK === partition, () => `job ${job.id} (${job.status}): ${held.length} items, want 1 in ${partition}`);
    else work.expect(held.length === 0, () => `job ${job.id} (${job.status}) is still on the dispatch list`);
  }
  const jobIds = new Set(jobs.map((job) => job.id));
  for (const item of workItems) work.expect(jobIds.has(item.jobId as string), () => `work item for unknown job ${String(item.jobId)}`);

  const pointers = new CheckBuilder('One job pointer per job, naming its store');
  const pointerItems = items.filter((item) => item.type === 'jobPointer');
  const pointerOf = new Map(pointerItems.map((item) => [item.PK, item.storeId as string]));
  pointers.expect(pointerItems.length === jobs.length, () => `${pointerItems.length} pointers for ${jobs.length} jobs`);
  for (const job of jobs)
    pointers.expect(
      pointerOf.get(keys.jobPointer(job.id).PK) === job.storeId,
      () => `job ${job.id}: pointer names ${String(pointerOf.get(keys.jobPointer(job.id).PK))}`,
    );

  return [offers.check, holding.check, work.check, pointers.check];
}

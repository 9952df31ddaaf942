import { describe, expect, it } from 'vitest';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import type { EventView, JobEventData } from '../../functions/schemas/views/event.view.ts';

/** A job's event as the feed shows it. */
type DeliveryEvent = Omit<EventView, 'data'> & { data: z.infer<typeof JobEventData> };
import { keys } from '../../functions/data/table.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { simulateTick } from '../../functions/workers/simulation.ts';
import { encodeCursor } from '../../functions/schemas/event.schema.ts';
import { toJobSummary } from '../../functions/core/job.ts';
import { useLocalApi } from '../helpers/server.ts';
import { allJobs, expectLedgerInvariant, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { driveJob, driveJobByFleetApi, newFleetMember } from '../helpers/fleet.ts';
import { dbOf, partitionItems } from '../helpers/table.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { DELIVERED_JOB_EVENTS } from '../helpers/fixtures.ts';

const api = useLocalApi();

interface FeedPage {
  data: DeliveryEvent[];
  nextCursor: string;
  hasMore: boolean;
}

async function feed(merchant: TestMerchant, query = ''): Promise<FeedPage> {
  const reply = await merchant.get(`/v1/events${query}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as FeedPage;
}

/** Every event of the store's feed, following nextCursor from the start (`limit` a page). */
async function wholeFeed(merchant: TestMerchant, limit = 100, extra = ''): Promise<DeliveryEvent[]> {
  const events: DeliveryEvent[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await feed(merchant, `?limit=${limit}${cursor ? `&after=${cursor}` : ''}${extra}`);
    events.push(...page.data);
    cursor = page.nextCursor;
    if (!page.hasMore) return events;
  }
}

/** Places what is waiting in the outbox, as the workers' tick does. */
const relay = () => relayTick(api.table.rt);

describe('events: one per change, written with it', () => {
  it('gives a live job delivered through the fleet API its whole ordered set of events, each with the job as the list shows it then', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id } = await merchant.bookJob();
    await driveJobByFleetApi(api.table.rt, merchant.storeId, id, 'delivered', rider);
    await relay();

    const events = await wholeFeed(merchant);

    expect(events.map((e) => [e.type, e.sequence, e.data.previousStatus])).toEqual([
      ['job.created', 1, null],
      ['job.queued', 2, 'created'],
      ['job.picked_by_agent', 3, 'queued'],
      ['job.booking_in_progress', 4, 'picked_by_agent'],
      ['job.booked', 5, 'booking_in_progress'],
      ['job.pickup_completed', 6, 'booked'],
      ['job.delivered', 7, 'pickup_completed'],
      ['job.settlement_changed', 8, 'pickup_completed'],
    ]);
    for (const event of events) expect(event).toMatchObject({ livemode: true, jobId: id });
    const delivered = (await api.table.rt.jobs.get(merchant.storeId, id))!;
    expect(events.at(-1)!.data.job).toEqual(toJobSummary(delivered));
    expect(events.at(-1)!.data.job).toMatchObject({ status: 'delivered', settlement: 'captured' });
  });

  it('gives a sandbox job the simulator delivers the same events as a rider’s, marked livemode: false, with its location every 30 s at most', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const job = await merchant.bookJob();
    // The simulator's whole run (SIMULATION_SECONDS, 60 s by default), ticked every 2 s of its clock.
    for (let ms = 0; ms <= 62_000; ms += 2_000) await simulateTick(api.table.rt, new Date(Date.parse(job.createdAt as string) + ms));
    await relay();

    const events = await wholeFeed(merchant);

    const statuses = events.filter((e) => e.type !== 'job.location_updated');
    expect(statuses.map((e) => e.type)).toEqual(DELIVERED_JOB_EVENTS);
    const locations = events.filter((e) => e.type === 'job.location_updated').map((e) => Date.parse(e.createdAt));
    expect(locations.length).toBeGreaterThan(0);
    for (let i = 1; i < locations.length; i++) expect(locations[i]! - locations[i - 1]!).toBeGreaterThanOrEqual(30_000);
    expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
    expect(events.every((e) => e.livemode === false && e.jobId === job.id)).toBe(true);
  });

  it('answers an event by its id, and another store’s event as not found', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const other = await newMerchant(api.table.rt, api.server);
    await merchant.bookJob();
    await relay();
    const [event] = (await feed(merchant)).data;

    const mine = await merchant.get(`/v1/events/${event!.id}`);
    const theirs = await other.get(`/v1/events/${event!.id}`);

    expect(mine).toMatchObject({ status: 200, body: { data: event } });
    expect(theirs).toMatchObject({ status: 404, body: { code: 'event_not_found', error: `No event ${event!.id} for this store` } });
    expect((await feed(other)).data).toEqual([]);
  });

  it('shows nothing of a change until the relay has placed it, then shows it once', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    await merchant.bookJob();

    const before = await feed(merchant);
    await relay();
    await relay();
    const after = await feed(merchant, `?after=${before.nextCursor}`);

    expect(before).toEqual({ data: [], nextCursor: encodeCursor(0), hasMore: false });
    expect(after.data.map((e) => e.type)).toEqual(['job.created']);
  });

  it.each([
    ['after', 'not-a-cursor', 'Must be a nextCursor from an earlier page'],
    ['after', Buffer.from('feed:-1').toString('base64url'), 'Must be a nextCursor from an earlier page'],
    ['limit', '0', 'Too small: expected number to be >=1'],
    ['limit', '101', 'Too big: expected number to be <=100'],
    ['jobId', 'nope', 'Must be a job id (a UUID)'],
    ['type', 'job.lost', expect.stringContaining('Invalid option')],
  ])('refuses %s=%s with a validation error naming it', async (name, value, message) => {
    const merchant = await newMerchant(api.table.rt, api.server);

    const reply = await merchant.get(`/v1/events?${name}=${encodeURIComponent(value)}`);

    expect(reply).toMatchObject({ status: 400, body: { code: 'validation_error', details: { fieldErrors: { [name]: [message] } } } });
  });

  it('refuses a malformed event id with a validation error, and an unknown one with 404', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);

    expect(await merchant.get('/v1/events/evt_short')).toMatchObject({ status: 400, body: { code: 'validation_error' } });
    expect(await merchant.get(`/v1/events/evt_${'A'.repeat(24)}`)).toMatchObject({ status: 404, body: { code: 'event_not_found' } });
  });

  it('filters by job and by type, following the cursor past events it leaves out', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const first = await merchant.bookJob();
    const second = await merchant.bookJob();
    await merchant.post(`/v1/jobs/${first.id}/cancel`);
    await relay();

    const ofSecond = await wholeFeed(merchant, 1, `&jobId=${second.id.toUpperCase()}`);
    const cancels = await wholeFeed(merchant, 100, '&type=job.cancelled');

    expect(ofSecond.map((e) => [e.jobId, e.type])).toEqual([[second.id, 'job.created']]);
    expect(cancels.map((e) => [e.jobId, e.type])).toEqual([[first.id, 'job.cancelled']]);
  });
});

describe('the feed under concurrency', () => {
  it('pages through 250 events with no gap or repeat while new events are being written and placed', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: 10_000_000 });
    for (let i = 0; i < 125; i++) await merchant.bookJob();
    await relay();
    // Half the jobs are cancelled (2 events each) while a reader pages and relays run beside it.
    const jobs = await allJobs(api.table.rt, merchant.storeId);
    const seen: DeliveryEvent[] = [];
    let cursor: string | null = null;
    let writing = true;
    const writer = (async () => {
      for (const job of jobs.slice(0, 62)) {
        await merchant.post(`/v1/jobs/${job.id}/cancel`);
        if (job.seq % 5 === 0) await relay();
      }
      writing = false;
    })();
    while (writing || seen.length < 125 + 62 * 2) {
      const page = await feed(merchant, `?limit=7${cursor ? `&after=${cursor}` : ''}`);
      seen.push(...page.data);
      cursor = page.nextCursor;
      if (!writing) await relay();
    }
    await writer;

    expect(seen).toHaveLength(125 + 62 * 2);
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    expect(seen.filter((e) => e.type === 'job.created')).toHaveLength(125);
    expect(seen.filter((e) => e.type === 'job.cancelled')).toHaveLength(62);
    expect((await feed(merchant, `?after=${cursor}`)).data).toEqual([]);
  });

  it('writes exactly one event per change when moves race for the same job, and the ledger still holds', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const riders = await Promise.all(Array.from({ length: 6 }, () => newFleetMember(api.table.rt, api.server, 'rider')));
    const jobs = await Promise.all(Array.from({ length: 4 }, () => merchant.bookJob()));
    await relayTick(api.table.rt);
    for (const job of jobs) await driveJob(api.table.rt, merchant.storeId, job.id, 'queued');

    // Six riders race to accept each job while the merchant cancels it.
    await Promise.all(
      jobs.flatMap((job) => [...riders.map((rider) => rider.post(`/fleet/v1/jobs/${job.id}/accept`)), merchant.post(`/v1/jobs/${job.id}/cancel`)]),
    );
    // Two relays at once place each event once.
    await Promise.all([relay(), relay(), relay()]);
    await relay();

    const events = await wholeFeed(merchant);
    for (const job of await allJobs(api.table.rt, merchant.storeId)) {
      const ofJob = events.filter((e) => e.jobId === job.id);
      // One event per status change in the job's own history (plus the release when cancelled), numbered 1..n.
      const expected = job.events.length + (job.settlement === 'released' ? 1 : 0);
      expect(ofJob.map((e) => e.sequence)).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
      expect(ofJob.filter((e) => e.type.startsWith('job.') && e.type !== 'job.settlement_changed').map((e) => e.type)).toEqual(
        job.events.map((h) => `job.${h.status}`),
      );
      expect(job.eventSequence).toBe(expected);
    }
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    const waiting = await partitionItems(api.table.rt, keys.eventOutbox(merchant.storeId, { createdAt: '', jobId: null, sequence: null, id: '' }).PK);
    expect(waiting.filter((item) => item.storeId === merchant.storeId)).toEqual([]);
  });
});

describe('the outbox of before the sharding (one partition)', () => {
  it('is placed by the relay before anything newer of the same store, and nothing in it is lost', async () => {
    // Prepare: one job's events as the unsharded outbox held them at the upgrade, then a job booked after it
    const merchant = await newMerchant(api.table.rt, api.server);
    const db = dbOf(api.table.rt);
    const table = api.table.tableName;
    const before = (await merchant.bookJob()).id;
    const shard = keys.eventOutbox(merchant.storeId, { createdAt: '', jobId: null, sequence: null, id: '' }).PK;
    const mine = (await partitionItems(api.table.rt, shard)).filter((item) => item.storeId === merchant.storeId);
    for (const item of mine) {
      await db.send(new DeleteCommand({ TableName: table, Key: { PK: item.PK, SK: item.SK } }));
      await db.send(new PutCommand({ TableName: table, Item: { ...item, PK: keys.unshardedOutboxPartition } }));
    }
    const after = (await merchant.bookJob()).id;

    // Act
    await relay();

    // Assess: the feed holds both jobs' events, the older first; neither outbox holds any of them
    expect(mine.length).toBeGreaterThan(0);
    expect((await wholeFeed(merchant)).map((event) => event.jobId)).toEqual([...mine.map(() => before), after]);
    for (const pk of [shard, keys.unshardedOutboxPartition]) {
      expect((await partitionItems(api.table.rt, pk)).filter((item) => item.storeId === merchant.storeId)).toEqual([]);
    }
  });
});

describe('what the feed costs', () => {
  useHandlerLogs();

  it('is 4 DynamoDB calls a page (key, store, rate limit, one Query of the feed) and 4 for an event by id; a booking and a move cost what they did before events', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id } = await merchant.bookJob();
    await driveJob(api.table.rt, merchant.storeId, id, 'queued');
    await relay();
    const [event] = (await feed(merchant)).data;

    const records = await captureAccessLog(async () => {
      await feed(merchant);
      await feed(merchant, `?after=${encodeCursor(1)}&limit=1`);
      await merchant.get(`/v1/events/${event!.id}`);
      await merchant.bookJob();
      await rider.post(`/fleet/v1/jobs/${id}/accept`);
    });

    expect(records.map((r) => [r.route, r.status, r.dynamoCalls])).toEqual([
      ['GET /v1/events', 200, 4],
      ['GET /v1/events', 200, 4],
      ['GET /v1/events/{id}', 200, 4],
      ['POST /v1/job-quotes', 201, 4],
      ['POST /v1/jobs', 201, 7],
      ['POST /fleet/v1/jobs/{id}/accept', 200, 5],
    ]);
  });
});

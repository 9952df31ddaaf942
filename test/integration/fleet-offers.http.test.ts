import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { merchantView, useMerchant } from '../helpers/merchant.ts';
import { bookJobAt, dispatchOnce, newFleetMember } from '../helpers/fleet.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { dispatchTick } from '../../functions/workers/dispatch.ts';
import { shardOf, WRITE_SHARDS } from '../../functions/data/table.ts';
import { BENGALURU_DROP_PLACE, BENGALURU_PICKUP_PLACE, BENGALURU_ROUTE_METERS, keysDeep } from '../helpers/fixtures.ts';

/** GET /fleet/v1/offers: the queued live jobs, longest waiting or nearest first. */
const api = useLocalApi();

type Offer = { id: string; offeredAt: string };

// A live store with room for many jobs, shared by the tests of this file.
const shop = useMerchant(api, { creditMinor: 10_000_000 });

describe('GET /fleet/v1/offers', () => {
  it('leaves out, for a rider, the offers they declined (they may not take them back); other riders still see them', async () => {
    const decliner = await newFleetMember(api.table.rt, api.server, 'rider');
    const other = await newFleetMember(api.table.rt, api.server, 'rider');
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const { id } = await shop.merchant.bookJob();
    await dispatchOnce(api.table.rt);
    expect((await decliner.post(`/fleet/v1/jobs/${id}/accept`)).status).toBe(200);
    expect((await decliner.post(`/fleet/v1/jobs/${id}/decline`)).status).toBe(200);

    const ids = async (member: typeof decliner) => ((await member.get('/fleet/v1/offers?limit=50')).body as { data: Offer[] }).data.map((offer) => offer.id);
    const retake = await decliner.post(`/fleet/v1/jobs/${id}/accept`);

    expect(await ids(decliner)).not.toContain(id);
    expect(await ids(other)).toContain(id);
    expect(await ids(ops)).toContain(id);
    expect(retake.status).toBe(409);
    expect(retake.body).toEqual({ error: 'You declined this job; it is offered to other riders', code: 'invalid_transition' });
  });

  it('lists only queued live jobs, longest waiting first, each as where and what without names or phones', async () => {
    // Prepare: two offers, one of them given back later (so its wait starts again), one taken, one not dispatched
    const rider = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-offers');
    const viewer = await newFleetMember(api.table.rt, api.server, 'rider');
    const requeued = (await shop.merchant.bookJob()).id;
    const waiting = (await shop.merchant.bookJob()).id;
    const taken = (await shop.merchant.bookJob()).id;
    await dispatchOnce(api.table.rt);
    expect((await rider.post(`/fleet/v1/jobs/${requeued}/accept`)).status).toBe(200);
    expect((await rider.post(`/fleet/v1/jobs/${requeued}/decline`)).status).toBe(200);
    expect((await rider.post(`/fleet/v1/jobs/${taken}/accept`)).status).toBe(200);
    const undispatched = (await shop.merchant.bookJob()).id;

    // Act
    const response = await viewer.get('/fleet/v1/offers?limit=50');

    // Assess
    expect(response.status).toBe(200);
    const { data, limit } = response.body as { data: Array<Offer & Record<string, unknown>>; limit: number };
    expect(limit).toBe(50);
    const ids = data.map((offer) => offer.id);
    expect(ids.filter((id) => [requeued, waiting, taken, undispatched].includes(id))).toEqual([waiting, requeued]);
    expect(data.map((offer) => offer.offeredAt)).toEqual(data.map((offer) => offer.offeredAt).sort());
    const queuedAt = (id: string) => merchantView(shop.merchant, id).then((job) => job.events.findLast((event) => event.status === 'queued')!.createdAt);
    expect(data.find((offer) => offer.id === waiting)).toEqual({
      id: waiting,
      offeredAt: await queuedAt(waiting),
      pickup: BENGALURU_PICKUP_PLACE,
      drop: BENGALURU_DROP_PLACE,
      distanceMeters: BENGALURU_ROUTE_METERS,
      pickupDistanceMeters: null,
      packageDescription: 'Documents',
      packageWeight: '750 g',
      collection: null,
    });
    expect(data.find((offer) => offer.id === requeued)!.offeredAt).toBe(await queuedAt(requeued));
    expect(keysDeep(data).filter((key) => /^(name|phone|code)$|(Name|Phone)$/.test(key))).toEqual([]);
  });

  it('honours limit', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    await bookJobAt(api.table.rt, shop.merchant, 'queued');
    await bookJobAt(api.table.rt, shop.merchant, 'queued');

    const one = await rider.get('/fleet/v1/offers?limit=1');
    const all = await rider.get('/fleet/v1/offers?limit=50');

    // Offers queued in the same dispatch pass wait equally long; any of them may come first.
    expect(one.status).toBe(200);
    expect((one.body as { limit: number }).limit).toBe(1);
    const [first, ...rest] = (one.body as { data: Offer[] }).data;
    expect(rest).toEqual([]);
    expect(first!.offeredAt).toBe((all.body as { data: Offer[] }).data[0]!.offeredAt);
    expect((all.body as { data: Offer[] }).data.length).toBeGreaterThanOrEqual(2);
  });

  it('lists 20 at most unless told', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await rider.get('/fleet/v1/offers');

    expect(response.status).toBe(200);
    expect((response.body as { limit: number }).limit).toBe(20);
    expect((response.body as { data: Offer[] }).data.length).toBeLessThanOrEqual(20);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=51', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['page=2', 'page'],
    ['limit=5&status=queued', 'status'],
  ])('returns 400 validation_error for ?%s', async (query, field) => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await rider.get(`/fleet/v1/offers?${query}`);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: `Invalid query parameters: check ${field}`,
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { [field]: [field === 'limit' ? expect.any(String) : 'Unknown field'] } },
    });
  });
});

describe('GET /fleet/v1/offers near the rider', () => {
  // Whitefield, about 17 km east of the MG Road pickups of this file's other jobs.
  const WHITEFIELD = { latitude: 12.9698, longitude: 77.75 };

  it('lists the nearest pickups first with their distance, and only those within withinMeters', async () => {
    // Prepare: one offer picked up in Whitefield, the rest on MG Road
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    await bookJobAt(api.table.rt, shop.merchant, 'queued');
    const whitefield = await shop.merchant.bookJob({
      quote: {
        pickupAddress: 'ITPL Main Road, Whitefield',
        pickupLatitude: 12.9698,
        pickupLongitude: 77.7489,
        dropAddress: 'Hope Farm, Whitefield',
        dropLatitude: 12.9855,
        dropLongitude: 77.7305,
      },
    });
    await dispatchOnce(api.table.rt);
    const near = (query: string) => rider.get(`/fleet/v1/offers?latitude=${WHITEFIELD.latitude}&longitude=${WHITEFIELD.longitude}${query}`);

    // Act
    const sorted = await near('');
    const within = await near('&withinMeters=1000');

    // Assess: Whitefield first, ~120 m away; MG Road ones about 15.8 km
    const data = (sorted.body as { data: Array<Offer & { pickupDistanceMeters: number }> }).data;
    expect(sorted.status).toBe(200);
    expect(data[0]).toMatchObject({ id: whitefield.id, pickupDistanceMeters: 119 });
    expect(data.slice(1).every((offer) => offer.pickupDistanceMeters > 15_000 && offer.pickupDistanceMeters < 17_000)).toBe(true);
    expect(data.map((offer) => offer.pickupDistanceMeters)).toEqual(data.map((offer) => offer.pickupDistanceMeters).sort((a, b) => a - b));
    expect((within.body as { data: Offer[] }).data.map((offer) => offer.id)).toEqual([whitefield.id]);
  });

  it.each([
    ['latitude without longitude', '?latitude=12.97', 'longitude', 'Send latitude and longitude together'],
    ['longitude without latitude', '?longitude=77.6', 'latitude', 'Send latitude and longitude together'],
    ['withinMeters without a position', '?withinMeters=5000', 'withinMeters', 'Needs the rider’s latitude and longitude'],
  ])('returns 400 validation_error for %s', async (_what, query, field, message) => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await rider.get(`/fleet/v1/offers${query}`);

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_error', details: { fieldErrors: { [field]: [message] } } });
  });

  it.each([
    ['latitude', '?latitude=91&longitude=77.6'],
    ['latitude', '?latitude=north&longitude=77.6'],
    ['longitude', '?latitude=12.9&longitude=-181'],
    ['withinMeters', '?latitude=12.9&longitude=77.6&withinMeters=99'],
    ['withinMeters', '?latitude=12.9&longitude=77.6&withinMeters=1.5'],
  ])('returns 400 validation_error naming %s for %s', async (field, query) => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await rider.get(`/fleet/v1/offers${query}`);

    expect(response.status).toBe(400);
    expect((response.body as { details: { fieldErrors: Record<string, string[]> } }).details.fieldErrors[field]).toBeDefined();
  });
});

describe('GET /fleet/v1/offers across zones and write shards', () => {
  useHandlerLogs();
  const MUMBAI = { pickupLatitude: 19.0814, pickupLongitude: 72.8777, dropLatitude: 19.0914, dropLongitude: 72.8877 };

  it('merges every zone’s shards into one list, longest waiting first, and reads a rider’s own zone alone when given a position', async () => {
    // Prepare: offers in Bengaluru on every one of its write shards, and in Mumbai, each queued a
    // moment after the one before
    const { rt } = api.table;
    const ops = await newFleetMember(rt, api.server, 'ops');
    const bengaluru: string[] = [];
    const mumbai: string[] = [];
    const offered: string[] = [];
    const offer = async (id: string, list: string[]) => {
      await dispatchTick(rt, new Date(Date.now() + offered.length * 1_000));
      list.push(id);
      offered.push(id);
    };
    while (bengaluru.length < 40 && WRITE_SHARDS > new Set(bengaluru.map((id) => shardOf(id))).size) await offer((await shop.merchant.bookJob()).id, bengaluru);
    for (let i = 0; i < 3; i++) await offer((await shop.merchant.bookJob({ quote: MUMBAI })).id, mumbai);
    await offer((await shop.merchant.bookJob()).id, bengaluru);
    const zoneCount = (await rt.zones.current()).length;

    // Act
    const listed = async (query: string) => {
      let ids: string[] = [];
      const [record] = await captureAccessLog(async () => {
        const response = await ops.get(`/fleet/v1/offers${query}`);
        expect(response.status).toBe(200);
        ids = (response.body as { data: Offer[] }).data.map((offer) => offer.id);
      });
      return { ids, calls: record!.dynamoCalls as number, roundTrips: record!.dynamoRoundTrips as number };
    };
    const all = await listed('?limit=50');
    const first = await listed('?limit=3');
    const near = await listed(`?limit=50&latitude=${MUMBAI.pickupLatitude}&longitude=${MUMBAI.pickupLongitude}`);

    // Assess: ours in the order they were offered, the shortest page its head; from Mumbai, Mumbai's
    // offers alone, read from its shards alone (the key and the bucket, one Query per shard, one BatchGet)
    expect(new Set(bengaluru.map((id) => shardOf(id))).size).toBe(WRITE_SHARDS);
    expect(all.ids.filter((id) => offered.includes(id))).toEqual(offered);
    expect(first.ids).toEqual(all.ids.slice(0, 3));
    expect(all.calls).toBe(2 + zoneCount * WRITE_SHARDS + 1);
    expect(near.ids).toEqual(mumbai);
    expect([near.calls, near.roundTrips]).toEqual([2 + WRITE_SHARDS + 1, 3]);
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { merchantView, newMerchant, useMerchant } from '../helpers/merchant.ts';
import { bookJobAt, dispatchOnce, FRESH_HANDOFF, newFleetMember } from '../helpers/fleet.ts';
import { BENGALURU_DROP_PLACE, BENGALURU_PICKUP_PLACE, BENGALURU_ROUTE_METERS, keysDeep } from '../helpers/fixtures.ts';
import { AT, ID } from '../helpers/job-detail.ts';

/** Which jobs the fleet can see (riders: open offers and their own; operations: every live job; nobody: sandbox jobs), and what of them. */
const api = useLocalApi();

type Offer = { id: string; offeredAt: string };
type FleetJobBody = { data: Record<string, unknown> & { id: string; status: string } };

// A live store with room for many jobs, shared by the tests of this file.
const shop = useMerchant(api, { creditMinor: 10_000_000 });

describe('which jobs the fleet can see', () => {
  it('returns 404 job_not_found to a rider reading or taking another rider’s accepted job', async () => {
    const riderA = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-a');
    const riderB = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-b');
    const { id } = await bookJobAt(api.table.rt, shop.merchant, 'picked_by_agent', riderA);

    const read = await riderB.get(`/fleet/v1/jobs/${id}`);
    const take = await riderB.post(`/fleet/v1/jobs/${id}/accept`);
    const own = await riderA.get(`/fleet/v1/jobs/${id}`);

    expect(read.status).toBe(404);
    expect(read.body).toEqual({ error: `No job ${id} on offer or assigned to this key`, code: 'job_not_found' });
    expect(take.status).toBe(404);
    expect(take.body).toEqual({ error: `No job ${id} on offer or assigned to this key`, code: 'job_not_found' });
    expect(own.status).toBe(200);
    expect(await merchantView(shop.merchant, id)).toMatchObject({ status: 'picked_by_agent', agentId: 'rider-a' });
  });

  it('returns 404 to a rider for a live job that is not yet on offer', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id } = await shop.merchant.bookJob();

    const response = await rider.get(`/fleet/v1/jobs/${id}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: `No job ${id} on offer or assigned to this key`, code: 'job_not_found' });
  });

  it('never shows a sandbox store’s job, even one the simulator has queued, to riders or operations', async () => {
    const sandbox = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const { id } = await sandbox.bookJob();
    await api.table.rt.jobs.move({ storeId: sandbox.storeId, jobId: id }, { type: 'dispatch' }, 'simulator');
    await dispatchOnce(api.table.rt);
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const notFound = { error: `No job ${id} on offer or assigned to this key`, code: 'job_not_found' };

    const riderRead = await rider.get(`/fleet/v1/jobs/${id}`);
    const opsRead = await ops.get(`/fleet/v1/jobs/${id}`);
    const riderTake = await rider.post(`/fleet/v1/jobs/${id}/accept`);
    const riderOffers = await rider.get('/fleet/v1/offers?limit=50');
    const opsOffers = await ops.get('/fleet/v1/offers?limit=50');

    expect(await api.table.rt.jobs.get(sandbox.storeId, id)).toMatchObject({ status: 'queued', testMode: true });
    expect([riderRead, opsRead, riderTake].map((r) => [r.status, r.body])).toEqual([
      [404, notFound],
      [404, notFound],
      [404, notFound],
    ]);
    expect((riderOffers.body as { data: Offer[] }).data.map((offer) => offer.id)).not.toContain(id);
    expect((opsOffers.body as { data: Offer[] }).data.map((offer) => offer.id)).not.toContain(id);
    expect(await api.table.rt.jobs.get(sandbox.storeId, id)).toMatchObject({ status: 'queued', agentId: null });
  });

  it('returns 404 for a well-formed job id that does not exist, to riders and operations', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const id = randomUUID();

    const riderRead = await rider.get(`/fleet/v1/jobs/${id}`);
    const opsRead = await ops.get(`/fleet/v1/jobs/${id}`);
    const riderTake = await rider.post(`/fleet/v1/jobs/${id}/accept`);

    for (const response of [riderRead, opsRead, riderTake]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: `No job ${id} on offer or assigned to this key`, code: 'job_not_found' });
    }
  });

  it('finds a job by its id in upper case', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id } = await bookJobAt(api.table.rt, shop.merchant, 'queued');

    const response = await rider.get(`/fleet/v1/jobs/${id.toUpperCase()}`);

    expect(response.status).toBe(200);
    expect((response.body as FleetJobBody).data.id).toBe(id);
  });

  it.each([
    ['GET', 'not-a-uuid'],
    ['GET', '12345'],
    ['POST', 'not-a-uuid'],
  ] as const)('returns 400 validation_error naming id for %s with the job id %s', async (method, id) => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = method === 'GET' ? await rider.get(`/fleet/v1/jobs/${id}`) : await rider.post(`/fleet/v1/jobs/${id}/accept`);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'Invalid path: check id',
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { id: ['Must be a job id (a UUID)'] } },
    });
  });
});

describe('a job as the fleet sees it', () => {
  it('hides names and phones while the job is on offer and shows them, normalised, once the rider holds it; never any code', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-contacts');
    const { id } = await bookJobAt(api.table.rt, shop.merchant, 'queued');

    const offered = await rider.get(`/fleet/v1/jobs/${id}`);
    const accepted = await rider.post(`/fleet/v1/jobs/${id}/accept`);
    const read = await rider.get(`/fleet/v1/jobs/${id}`);

    const events = [
      { id: ID, status: 'created', actor: 'merchant', note: null, createdAt: AT },
      { id: ID, status: 'queued', actor: 'system', note: null, createdAt: AT },
    ];
    const common = {
      id,
      distanceMeters: BENGALURU_ROUTE_METERS,
      packageDescription: 'Documents',
      packageWeight: '750 g',
      riderLocation: null,
      verification: { pickup: FRESH_HANDOFF, delivery: FRESH_HANDOFF },
      deliveryAttempts: [],
      pendingDecision: null,
      returnTrip: null,
      collection: null,
      createdAt: AT,
      updatedAt: AT,
    };
    expect(offered.status).toBe(200);
    expect(offered.body).toEqual({
      data: {
        ...common,
        status: 'queued',
        agentId: null,
        version: 2,
        pickup: { ...BENGALURU_PICKUP_PLACE, name: null, phone: null, instructions: null },
        drop: { ...BENGALURU_DROP_PLACE, name: null, phone: null, instructions: null },
        events,
      },
    });
    const held = {
      data: {
        ...common,
        status: 'picked_by_agent',
        agentId: 'rider-contacts',
        version: 3,
        pickup: { ...BENGALURU_PICKUP_PLACE, name: 'Chai Point, MG Road', phone: '+919876543210', instructions: null },
        drop: { ...BENGALURU_DROP_PLACE, name: 'Asha Rao', phone: '+919845012345', instructions: null },
        events: [...events, { id: ID, status: 'picked_by_agent', actor: 'rider:rider-contacts', note: null, createdAt: AT }],
      },
    };
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual(held);
    expect(read.body).toEqual(held);
    expect([...keysDeep(offered.body), ...keysDeep(accepted.body), ...keysDeep(read.body)]).not.toContain('code');
  });

  it('never shows a handoff code, even while it is active at the door', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-at-door');
    const { id } = await bookJobAt(api.table.rt, shop.merchant, 'booked', rider);

    const arrived = await rider.post(`/fleet/v1/jobs/${id}/handoffs/pickup/arrive`);
    const read = await rider.get(`/fleet/v1/jobs/${id}`);

    expect(arrived.status).toBe(200);
    expect((read.body as FleetJobBody).data.verification).toEqual({
      pickup: { status: 'active', expiresAt: AT, verifiedAt: null, attemptsRemaining: 5 },
      delivery: FRESH_HANDOFF,
    });
    expect((await merchantView(shop.merchant, id)).verification).toMatchObject({ pickup: { status: 'active', code: expect.stringMatching(/^\d{4}$/) } });
    expect([...keysDeep(arrived.body), ...keysDeep(read.body)]).not.toContain('code');
  });
});

describe('names and phone numbers', () => {
  type Contacts = { pickup: { name: string | null; phone: string | null }; drop: { name: string | null; phone: string | null } };
  const contactsOf = (body: unknown) => {
    const { pickup, drop } = (body as { data: Contacts }).data;
    return { pickup: [pickup.name, pickup.phone], drop: [drop.name, drop.phone] };
  };
  const HIDDEN = { pickup: [null, null], drop: [null, null] };

  it('show to the rider while they hold the job, and to nobody but operations once it ends', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const { id } = await bookJobAt(api.table.rt, shop.merchant, 'booked', rider);

    const held = await rider.get(`/fleet/v1/jobs/${id}`);
    const cancelled = await shop.merchant.post(`/v1/jobs/${id}/cancel`);
    const afterwards = await rider.get(`/fleet/v1/jobs/${id}`);
    const forOps = await ops.get(`/fleet/v1/jobs/${id}`);

    expect(cancelled.status).toBe(200);
    expect(contactsOf(held.body)).toEqual({ pickup: ['Chai Point, MG Road', '+919876543210'], drop: ['Asha Rao', '+919845012345'] });
    expect(afterwards.status).toBe(200);
    expect(contactsOf(afterwards.body)).toEqual(HIDDEN);
    expect(contactsOf(forOps.body)).toEqual({ pickup: ['Chai Point, MG Road', '+919876543210'], drop: ['Asha Rao', '+919845012345'] });
  });

  it('are gone from the answer to the delivering code and from every read after it', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id } = await bookJobAt(api.table.rt, shop.merchant, 'delivery_arrived', rider);
    const code = ((await merchantView(shop.merchant, id)).verification as { delivery: { code: string } }).delivery.code;

    const delivered = await rider.post(`/fleet/v1/jobs/${id}/handoffs/delivery/code`, { code });
    const read = await rider.get(`/fleet/v1/jobs/${id}`);

    expect((delivered.body as FleetJobBody).data.status).toBe('delivered');
    expect(contactsOf(delivered.body)).toEqual(HIDDEN);
    expect(contactsOf(read.body)).toEqual(HIDDEN);
  });
});

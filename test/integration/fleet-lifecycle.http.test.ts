import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { balanceBody, expectLedgerInvariant, merchantView, newMerchant } from '../helpers/merchant.ts';
import { dispatchOnce, driveJobByFleetApi, newFleetMember, expectFleetIndexes } from '../helpers/fleet.ts';

const api = useLocalApi();

type JobData = { data: Record<string, unknown> & { status: string; verification: Record<string, Record<string, unknown>> } };

describe('a live job driven by the fleet API', () => {
  it('goes from created to delivered, with the reservation captured and the balance checked at every step', async () => {
    // Prepare
    const { rt } = api.table;
    const merchant = await newMerchant(rt, api.server, { creditMinor: 100_000 });
    const rider = await newFleetMember(rt, api.server, 'rider', 'rider-asha-01');
    const job = await merchant.bookJob();
    const charge = job.chargeMinor as number;
    const balance = async () => (await merchant.get('/v1/balance')).body;
    const reserved = balanceBody(100_000, charge);
    expect(await balance()).toEqual(reserved);

    // Act + Assess, step by step
    await dispatchOnce(rt);
    const offers = await rider.get('/fleet/v1/offers');
    expect(offers.status).toBe(200);
    expect((offers.body as { data: Array<{ id: string }> }).data.map((offer) => offer.id)).toEqual([job.id]);

    const accepted = await rider.post(`/fleet/v1/jobs/${job.id}/accept`);
    expect(accepted.status).toBe(200);
    expect((accepted.body as JobData).data).toMatchObject({ status: 'picked_by_agent', agentId: 'rider-asha-01' });
    expect(await merchantView(merchant, job.id)).toMatchObject({ status: 'picked_by_agent', agentId: 'rider-asha-01' });

    expect((await rider.post(`/fleet/v1/jobs/${job.id}/start-confirmation`)).status).toBe(200);
    expect((await rider.post(`/fleet/v1/jobs/${job.id}/confirm`)).status).toBe(200);
    const located = await rider.post(`/fleet/v1/jobs/${job.id}/location`, { latitude: 12.9761, longitude: 77.6102, accuracy: 12 });
    expect(located.status).toBe(200);
    expect((await merchantView(merchant, job.id)).riderLocation).toMatchObject({ latitude: 12.9761, longitude: 77.6102, accuracy: 12 });
    expect(await balance()).toEqual(reserved);

    const atPickup = await rider.post(`/fleet/v1/jobs/${job.id}/handoffs/pickup/arrive`);
    expect(atPickup.status).toBe(200);
    expect((atPickup.body as JobData).data.verification.pickup).toMatchObject({ status: 'active', attemptsRemaining: 5 });
    expect(JSON.stringify(atPickup.body)).not.toContain('"code"');
    const { pickup } = (await merchantView(merchant, job.id)).verification;
    expect(pickup.status).toBe('active');

    const picked = await rider.post(`/fleet/v1/jobs/${job.id}/handoffs/pickup/code`, { code: pickup.code });
    expect(picked.status).toBe(200);
    expect((picked.body as JobData).data).toMatchObject({ status: 'pickup_completed' });
    expect(await balance()).toEqual(reserved);

    expect((await rider.post(`/fleet/v1/jobs/${job.id}/handoffs/delivery/arrive`)).status).toBe(200);
    const deliveryCode = (await merchantView(merchant, job.id)).verification.delivery.code;
    const delivered = await rider.post(`/fleet/v1/jobs/${job.id}/handoffs/delivery/code`, { code: deliveryCode });

    expect(delivered.status).toBe(200);
    const final = await merchantView(merchant, job.id);
    expect(final).toMatchObject({ status: 'delivered', settlement: 'captured', riderLocation: null, agentId: 'rider-asha-01' });
    expect(final.events.map((event) => [event.status, event.actor])).toEqual([
      ['created', 'merchant'],
      ['queued', 'system'],
      ['picked_by_agent', 'rider:rider-asha-01'],
      ['booking_in_progress', 'rider:rider-asha-01'],
      ['booked', 'rider:rider-asha-01'],
      ['pickup_completed', 'rider:rider-asha-01'],
      ['delivered', 'rider:rider-asha-01'],
    ]);
    expect(await balance()).toEqual(balanceBody(100_000 - charge, 0));
    await expectLedgerInvariant(rt, merchant.storeId);
    await expectFleetIndexes(rt, merchant.storeId);
  });
});

describe('GET /fleet/v1/assignments', () => {
  type JobList = { data: Array<{ id: string; status: string; agentId: string }> };
  const idsOf = (body: unknown) => (body as JobList).data.map((job) => job.id);

  it('lists the jobs a rider holds from accept until delivery, and only theirs', async () => {
    // Prepare: two live jobs on offer, two riders
    const { rt } = api.table;
    const merchant = await newMerchant(rt, api.server);
    const rider = await newFleetMember(rt, api.server, 'rider');
    const other = await newFleetMember(rt, api.server, 'rider');
    const first = await merchant.bookJob();
    const second = await merchant.bookJob();
    await dispatchOnce(rt);
    expect(idsOf((await rider.get('/fleet/v1/assignments')).body)).toEqual([]);

    // Act: the rider takes both, the other rider takes nothing
    await rider.post(`/fleet/v1/jobs/${first.id}/accept`);
    await rider.post(`/fleet/v1/jobs/${second.id}/accept`);
    const both = await rider.get('/fleet/v1/assignments');

    // Assess: most recently changed first, whole fleet views
    expect(both.status).toBe(200);
    expect(idsOf(both.body)).toEqual([second.id, first.id]);
    expect((both.body as JobList).data[0]).toMatchObject({ status: 'picked_by_agent', agentId: rider.agentId });
    expect(idsOf((await other.get('/fleet/v1/assignments')).body)).toEqual([]);

    // The first is picked up, then delivered: it leaves the list
    await driveJobByFleetApi(rt, merchant.storeId, first.id, 'pickup_completed', rider);
    expect(idsOf((await rider.get('/fleet/v1/assignments')).body)).toEqual([first.id, second.id]);
    await driveJobByFleetApi(rt, merchant.storeId, first.id, 'delivered', rider);
    expect(idsOf((await rider.get('/fleet/v1/assignments')).body)).toEqual([second.id]);
    await expectLedgerInvariant(rt, merchant.storeId);
    await expectFleetIndexes(rt, merchant.storeId);
  });

  it('drops a job the rider declines, fails or the merchant cancels, and lists it for the rider who takes it next', async () => {
    // Prepare
    const { rt } = api.table;
    const merchant = await newMerchant(rt, api.server);
    const rider = await newFleetMember(rt, api.server, 'rider');
    const next = await newFleetMember(rt, api.server, 'rider');
    const declined = await merchant.bookJob();
    const failed = await merchant.bookJob();
    const cancelled = await merchant.bookJob();
    await dispatchOnce(rt);

    // Act (a rider holds at most two jobs at once: the third is taken once the first is declined)
    for (const job of [declined, failed]) expect((await rider.post(`/fleet/v1/jobs/${job.id}/accept`)).status).toBe(200);
    expect((await rider.post(`/fleet/v1/jobs/${declined.id}/decline`)).status).toBe(200);
    expect((await rider.post(`/fleet/v1/jobs/${cancelled.id}/accept`)).status).toBe(200);
    expect(idsOf((await rider.get('/fleet/v1/assignments')).body).sort()).toEqual([failed.id, cancelled.id].sort());
    expect((await rider.post(`/fleet/v1/jobs/${failed.id}/fail`, { reason: 'Bike broke down' })).status).toBe(200);
    expect((await merchant.post(`/v1/jobs/${cancelled.id}/cancel`)).status).toBe(200);
    expect((await next.post(`/fleet/v1/jobs/${declined.id}/accept`)).status).toBe(200);

    // Assess
    expect(idsOf((await rider.get('/fleet/v1/assignments')).body)).toEqual([]);
    expect(idsOf((await next.get('/fleet/v1/assignments')).body)).toEqual([declined.id]);
    await expectLedgerInvariant(rt, merchant.storeId);
    await expectFleetIndexes(rt, merchant.storeId);
  });

  it('is for riders: an operations key gets 403', async () => {
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');

    const response = await ops.get('/fleet/v1/assignments');

    expect(response).toMatchObject({ status: 403, body: { error: 'This route is for rider keys', code: 'forbidden' } });
  });
});

import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { useMerchant, merchantView } from '../helpers/merchant.ts';
import { bookJobAt, dispatchOnce, expectFleetIndexes, newFleetMember } from '../helpers/fleet.ts';
import { dispatchTick } from '../../functions/workers/dispatch.ts';
import { runtime } from '../../functions/runtime.ts';

/** How many jobs one rider may hold (RIDER_MAX_HELD_JOBS, 2 here by default), and for how long unconfirmed. */
const api = useLocalApi();
const shop = useMerchant(api, { creditMinor: 10_000_000 });

const AT_CAPACITY = { error: 'You already hold 2 jobs; deliver or decline one before accepting another', code: 'rider_at_capacity' };

async function offers(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await shop.merchant.bookJob()).id);
  await dispatchOnce(api.table.rt);
  return ids;
}

describe('a rider holding jobs', () => {
  it('may hold two at once: the third accept answers 409 rider_at_capacity and takes nothing; a freed place can be used again', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const [first, second, third] = await offers(3);

    const accepted = [await rider.post(`/fleet/v1/jobs/${first}/accept`), await rider.post(`/fleet/v1/jobs/${second}/accept`)];
    const refused = await rider.post(`/fleet/v1/jobs/${third}/accept`);
    const declined = await rider.post(`/fleet/v1/jobs/${first}/decline`);
    const again = await rider.post(`/fleet/v1/jobs/${third}/accept`);

    expect(accepted.map((reply) => reply.status)).toEqual([200, 200]);
    expect(refused).toMatchObject({ status: 409, body: AT_CAPACITY });
    expect(declined.status).toBe(200);
    expect(again.status).toBe(200);
    expect(await merchantView(shop.merchant, third!)).toMatchObject({ status: 'picked_by_agent', agentId: rider.agentId });
    await expectFleetIndexes(api.table.rt, shop.merchant.storeId);
  });

  it('gets exactly two of six offers accepted at the same moment', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const ids = await offers(6);

    const replies = await Promise.all(ids.map((id) => rider.post(`/fleet/v1/jobs/${id}/accept`)));

    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(2);
    for (const reply of replies.filter((r) => r.status !== 200)) expect([409]).toContain(reply.status);
    expect((await rider.get('/fleet/v1/assignments')).body).toMatchObject({ data: [expect.anything(), expect.anything()] });
    await expectFleetIndexes(api.table.rt, shop.merchant.storeId);
  });

  it('counts a delivered job as no longer held', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    await bookJobAt(api.table.rt, shop.merchant, 'delivered', rider);
    await bookJobAt(api.table.rt, shop.merchant, 'booked', rider);
    const [next] = await offers(1);

    expect((await rider.post(`/fleet/v1/jobs/${next}/accept`)).status).toBe(200);
  });

  it('puts an acceptance left unconfirmed for two minutes back on offer, which the rider may not take back', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const [id] = await offers(1);
    expect((await rider.post(`/fleet/v1/jobs/${id}/accept`)).status).toBe(200);
    const rt = runtime();

    await dispatchTick(rt, new Date(Date.now() + 119_000));
    const stillHeld = await merchantView(shop.merchant, id!);
    await dispatchTick(rt, new Date(Date.now() + 121_000));
    const lapsed = await merchantView(shop.merchant, id!);
    const retake = await rider.post(`/fleet/v1/jobs/${id}/accept`);

    expect(stillHeld).toMatchObject({ status: 'picked_by_agent', agentId: rider.agentId });
    expect(lapsed).toMatchObject({ status: 'queued', agentId: null });
    expect((lapsed.events as Array<{ status: string; actor: string; note: string }>).at(-1)).toMatchObject({
      status: 'queued',
      actor: 'system',
      note: `Not confirmed in time by ${rider.agentId}`,
    });
    expect(retake).toMatchObject({ status: 409, body: { code: 'invalid_transition' } });
    await expectFleetIndexes(api.table.rt, shop.merchant.storeId);
  });
});

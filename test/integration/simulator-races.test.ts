import { describe, expect, it, vi } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, newMerchant } from '../helpers/merchant.ts';
import { simulateTick } from '../../functions/workers.ts';
import { runtime } from '../../functions/runtime.ts';
import { ConflictError } from '../../functions/core/errors.ts';

// No background loop here: the test alone decides when the simulator ticks.
process.env.SIMULATION_SECONDS = '3';
const api = useLocalApi();

describe('a simulator step that loses a race', () => {
  it('is tried again on the next tick, not skipped', async () => {
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const { id } = await m.bookJob();
    const rt = runtime();
    const past = new Date(Date.now() + 10_000); // every step is due
    const spy = vi.spyOn(rt.jobs, 'applyTo').mockRejectedValueOnce(new ConflictError('concurrent_modification', 'Another change won'));

    await simulateTick(rt, past);
    spy.mockRestore();
    await simulateTick(rt, past);

    const { data } = (await m.get(`/v1/jobs/${id}`)).body as { data: { status: string; events: Array<{ status: string }> } };
    expect(data.status).toBe('delivered');
    expect(data.events.map((e) => e.status)).toEqual(['created', 'queued', 'picked_by_agent', 'booking_in_progress', 'booked', 'pickup_completed', 'delivered']);
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });
});

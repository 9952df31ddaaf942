import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { driveJob, type Stage } from '../helpers/fleet.ts';
import { ConcurrentModificationError } from '../../functions/core/errors.ts';
import type { LifecycleEvent } from '../../functions/core/lifecycle.ts';

/**
 * A rider's move is read, then written on the version it read; when the write loses to a change that
 * left the status alone, the move is applied again to the job as it is now. If that change handed
 * the job to another rider (declined, then taken by someone else at the same status), the first
 * rider's move must not be applied to the new rider's job.
 */
const api = useLocalApi();

const MOVES_AT: Array<[Stage, LifecycleEvent]> = [
  ['picked_by_agent', { type: 'start_confirmation' }],
  ['picked_by_agent', { type: 'decline' }],
  ['picked_by_agent', { type: 'report_location', latitude: 12.97, longitude: 77.6, accuracy: 10 }],
  ['picked_by_agent', { type: 'fail', note: 'Stale rider gives up' }],
  ['booking_in_progress', { type: 'confirm' }],
  ['booking_in_progress', { type: 'decline' }],
  ['booking_in_progress', { type: 'report_location', latitude: 12.97, longitude: 77.6, accuracy: 10 }],
  ['booking_in_progress', { type: 'fail', note: 'Stale rider gives up' }],
];

describe('a rider’s move that meets the job handed to another rider at the same status', () => {
  it.each(MOVES_AT)('at %s, %j by the first rider is refused with 409 and changes nothing', async (status, event) => {
    const m = await newMerchant(api.table.rt, api.server);
    // Riders of this case alone (each rider may hold only a few jobs at once).
    const [a, b] = [`rider-a-${randomUUID().slice(0, 8)}`, `rider-b-${randomUUID().slice(0, 8)}`];
    const { id } = await m.bookJob();
    const rt = api.table.rt;
    const stale = await driveJob(rt, m.storeId, id, status, a);
    // Meanwhile rider A declines and rider B takes the job up to the same status.
    const declined = await rt.jobs.move(stale, { type: 'decline' }, `rider:${a}`, { onLostRace: 'refuse' });
    await rt.jobs.move(declined.job, { type: 'accept', agentId: b }, `rider:${b}`, { onLostRace: 'refuse' });
    const handed = await driveJob(rt, m.storeId, id, status, b);
    expect([handed.status, handed.agentId]).toEqual([status, b]);

    const outcome = await rt.jobs.move(stale, event, `rider:${a}`).then(
      () => 'applied',
      (error: unknown) => error,
    );

    expect(outcome).toBeInstanceOf(ConcurrentModificationError);
    expect(await rt.jobs.get(m.storeId, id)).toEqual(handed);
  });
});

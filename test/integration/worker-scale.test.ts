import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { createStore } from '../helpers/fixtures.ts';
import { driveJob } from '../helpers/fleet.ts';
import { dispatchPass } from '../../functions/workers/dispatch.ts';
import { simulationPass } from '../../functions/workers/simulation.ts';
import { remittancePass } from '../../functions/workers/remittances.ts';
import { relayPass } from '../../functions/workers/relay.ts';
import type { PassResult } from '../../functions/workers/worklist.ts';
import { nextCutoff } from '../../functions/core/remittance.ts';
import { dynamoCallScope, newDynamoTally } from '../../functions/data/client.ts';
import { runtime } from '../../functions/runtime.ts';

// No background loop here: the test alone decides when the workers pass. A sandbox run takes 3 s.
process.env.SIMULATION_SECONDS = '3';
const api = useLocalApi();

/** How many stores have work due in each round, and how many idle stores come between the rounds. */
const BUSY = 10;
const IDLE = 990;

// Ten stores with due work: a booking each (three of them sandbox), and two with a cash-on-delivery payment collected.
async function busyStores(round: number): Promise<void> {
  const rt = runtime();
  for (let i = 0; i < BUSY; i++) {
    const m = await newMerchant(rt, api.server, { sandbox: i < 3 });
    await m.bookJob();
    if (i < 3 || i > 4) continue;
    const { id } = await m.bookJob({ quote: { collectMinor: 5_000 } });
    const rider = `rider-scale-${round}-${i}`;
    const atDrop = await driveJob(rt, m.storeId, id, 'delivery_arrived', rider);
    await rt.jobs.move(atDrop, { type: 'collect', method: 'cash', amountMinor: 5_000, reference: null }, `rider:${rider}`, { onLostRace: 'refuse' });
  }
}

// One pass of every worker, in the order work flows (the relay last places what the others wrote), with the table calls of each.
async function passes(): Promise<Record<string, { calls: number; result: PassResult }>> {
  const rt = runtime();
  const now = new Date();
  const measured = async (pass: () => Promise<PassResult>) => {
    const tally = newDynamoTally();
    const result = await dynamoCallScope.run(tally, pass);
    return { calls: tally.calls, result };
  };
  return {
    dispatch: await measured(() => dispatchPass(rt, { now })),
    simulation: await measured(() => simulationPass(rt, { now: new Date(now.getTime() + 10_000) })),
    remittances: await measured(() => remittancePass(rt, { now: new Date(nextCutoff(now, rt.config.REMITTANCE_CUTOFF_IST).getTime() + 60_000) })),
    relay: await measured(() => relayPass(rt, { now })),
  };
}

describe('the workers with a thousand stores', () => {
  it('make the same table calls a pass as with ten, when the same ten have work due', async () => {
    // Prepare: every cache a container keeps filled (the dispatch clock, the worklists' layout), then ten busy stores
    await passes();
    await busyStores(1);
    const ten = await passes();

    // Act: 990 idle stores (nothing due: created, nothing booked), and ten busy ones as before
    const rt = runtime();
    let next = 0;
    const creator = async () => {
      while (next < IDLE) {
        next += 1;
        await createStore(rt, { name: `Idle store ${next}` });
      }
    };
    await Promise.all(Array.from({ length: 16 }, creator));
    await busyStores(2);
    const thousand = await passes();

    // Assess: the same calls and the same work, which is real work (every worker moved something)
    expect(thousand).toEqual(ten);
    for (const { result } of Object.values(ten)) expect(result.report.moved).toBeGreaterThan(0);
    // Proportional to the due work alone: dispatch 4 shards + the unsharded list + 1 BatchGet + 7 moves;
    // the rider 5 + 1 BatchGet + 3 jobs x (8 steps, each a move and its step recorded, and the item let
    // go of); remittances 8 shards + 2 stores x 7; the relay 9 outbox shards + 10 stores x (endpoints, head, placement)
    expect(Object.fromEntries(Object.entries(ten).map(([worker, { calls }]) => [worker, calls]))).toEqual({
      dispatch: 13,
      simulation: 57,
      remittances: 22,
      relay: 39,
    });
  }, 600_000);
});

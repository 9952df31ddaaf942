import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectBalance, expectLedgerInvariant, parcelReturnRequired, merchantView, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { bookJobAt, driveJobByFleetApi, newFleetMember, expectFleetIndexes } from '../helpers/fleet.ts';

/**
 * Requests that meet on one job at the same moment, through HTTP: the merchant's cancel against a
 * rider's accept, two riders after one offer, and the delivery code against a cancel. Each race is
 * run on several jobs; whichever request wins, the job ends in one consistent state and the ledger
 * holds exactly the money that state implies.
 */
const api = useLocalApi();

const CREDIT = 1_000_000;
const ROUNDS = 8;

type Reply = { status: number; body: unknown };

async function ledgerOf(merchant: TestMerchant, jobId: string, type: 'release' | 'capture') {
  return (await api.table.rt.stores.ledger(merchant.storeId)).filter((entry) => entry.jobId === jobId && entry.type === type);
}

const errorCode = (reply: Reply) => (reply.body as { code?: string }).code;

/** Books `count` jobs and lets the dispatcher offer them. */
async function queuedJobs(merchant: TestMerchant, count: number): Promise<Array<{ id: string; charge: number }>> {
  const jobs: Array<{ id: string; charge: number }> = [];
  for (let i = 0; i < count; i++) jobs.push(await bookJobAt(api.table.rt, merchant, 'queued'));
  return jobs;
}

describe('a merchant’s cancel and a rider’s accept at the same moment', () => {
  it('cancels each job and releases its credit once, whichever move wrote first', async () => {
    // Prepare
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT });
    const jobs = await queuedJobs(merchant, ROUNDS);

    for (const { id, charge } of jobs) {
      // A rider of this round (a rider may hold only a few jobs at once)
      const rider = await newFleetMember(api.table.rt, api.server, 'rider');

      // Act
      const [cancel, accept] = await Promise.all([merchant.post(`/v1/jobs/${id}/cancel`), rider.post(`/fleet/v1/jobs/${id}/accept`)]);

      // Assess: a cancel that loses its write to the accept is decided again on the accepted job, which
      // a merchant may still cancel; an accept that loses to the cancel finds no offer any more (404).
      const job = await merchantView(merchant, id);
      const history = job.events.map((event) => event.status);
      const outcome = `cancel ${cancel.status} ${JSON.stringify(cancel.body)}, accept ${accept.status} ${JSON.stringify(accept.body)}`;
      expect(cancel.status, outcome).toBe(200);
      if (accept.status === 200) {
        expect(history, outcome).toEqual(['created', 'queued', 'picked_by_agent', 'cancelled']);
      } else {
        expect({ status: accept.status, code: errorCode(accept) }, outcome).toEqual({ status: 404, code: 'job_not_found' });
        expect(history, outcome).toEqual(['created', 'queued', 'cancelled']);
      }
      expect(job, outcome).toMatchObject({ status: 'cancelled', settlement: 'released' });
      expect(await ledgerOf(merchant, id, 'release'), outcome).toEqual([expect.objectContaining({ balanceDeltaMinor: 0, reservedDeltaMinor: -charge })]);
    }

    await expectBalance(merchant, CREDIT, 0);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });
});

describe('two riders accepting one offer at the same moment', () => {
  it('gives each job to exactly one of them', async () => {
    // Prepare
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT });
    const jobs = await queuedJobs(merchant, ROUNDS);

    for (const { id } of jobs) {
      // Two riders of this round (a rider may hold only a few jobs at once)
      const riders = [await newFleetMember(api.table.rt, api.server, 'rider'), await newFleetMember(api.table.rt, api.server, 'rider')] as const;

      // Act
      const replies = await Promise.all(riders.map((rider) => rider.post(`/fleet/v1/jobs/${id}/accept`)));

      // Assess
      const outcome = replies.map((reply) => `${reply.status} ${JSON.stringify(reply.body)}`).join(', ');
      const winners = riders.filter((_, i) => replies[i]!.status === 200);
      expect(winners, outcome).toHaveLength(1);
      const loser = replies.find((reply) => reply.status !== 200)!;
      expect([404, 409], outcome).toContain(loser.status);
      expect(errorCode(loser), outcome).toBe(loser.status === 404 ? 'job_not_found' : 'concurrent_modification');
      const job = await merchantView(merchant, id);
      expect(job, outcome).toMatchObject({ status: 'picked_by_agent', agentId: winners[0]!.agentId, settlement: 'reserved' });
      expect(
        job.events.filter((event) => event.status === 'picked_by_agent'),
        outcome,
      ).toEqual([expect.objectContaining({ actor: `rider:${winners[0]!.agentId}` })]);
    }
  });
});

describe('a delivery code and a merchant’s cancel at the same moment, after pickup', () => {
  it('delivers each job exactly once, capturing once, and refuses the cancel', async () => {
    // Prepare
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT });
    const jobs = await queuedJobs(merchant, 5);
    // Each at the drop with a rider of its own (a rider may hold only a few jobs at once), the delivery code running.
    const riders = new Map<string, Awaited<ReturnType<typeof newFleetMember>>>();
    for (const { id } of jobs) {
      riders.set(id, await newFleetMember(api.table.rt, api.server, 'rider'));
      await driveJobByFleetApi(api.table.rt, merchant.storeId, id, 'delivery_arrived', riders.get(id));
    }
    let captured = 0;

    for (const { id, charge } of jobs) {
      const rider = riders.get(id)!;
      const code = (await merchantView(merchant, id)).verification.delivery.code;

      // Act
      const [delivery, cancel] = await Promise.all([
        rider.post(`/fleet/v1/jobs/${id}/handoffs/delivery/code`, { code }),
        merchant.post(`/v1/jobs/${id}/cancel`),
      ]);

      // Assess: the cancel never writes, so it cannot make the delivery lose; it answers for the state it read
      const outcome = `delivery ${delivery.status} ${JSON.stringify(delivery.body)}, cancel ${cancel.status} ${JSON.stringify(cancel.body)}`;
      expect(delivery.status, outcome).toBe(200);
      expect([409, 400], outcome).toContain(cancel.status);
      expect(cancel.body, outcome).toEqual(
        cancel.status === 409
          ? parcelReturnRequired(id)
          : { error: 'A delivered job cannot be cancelled', code: 'not_cancellable', details: { formErrors: [], fieldErrors: {}, status: 'delivered' } },
      );
      const job = await merchantView(merchant, id);
      expect(job, outcome).toMatchObject({ status: 'delivered', settlement: 'captured' });
      expect(
        job.events.filter((event) => event.status === 'delivered'),
        outcome,
      ).toHaveLength(1);
      expect(
        job.events.filter((event) => event.status === 'cancelled'),
        outcome,
      ).toEqual([]);
      expect(await ledgerOf(merchant, id, 'capture'), outcome).toEqual([expect.objectContaining({ balanceDeltaMinor: -charge, reservedDeltaMinor: -charge })]);
      expect(await ledgerOf(merchant, id, 'release'), outcome).toEqual([]);
      captured += charge;
    }

    await expectBalance(merchant, CREDIT - captured, 0);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });
});

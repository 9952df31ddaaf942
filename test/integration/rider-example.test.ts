import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { runScript } from '../helpers/scripts.ts';
import { expectLedgerInvariant, merchantView, newMerchant } from '../helpers/merchant.ts';
import { bookJobAt, expectFleetIndexes, newFleetMember } from '../helpers/fleet.ts';
import { BENGALURU_ROUTE_METERS } from '../helpers/fixtures.ts';

const api = useLocalApi();

/**
 * Runs examples/ride-a-delivery.ts as a rider's app would run; `answer` gives the line to type when
 * the app asks for a code (or null to close the input).
 */
const runRider = (env: Record<string, string>, answer: (question: string) => Promise<string | null>) =>
  runScript('examples/ride-a-delivery.ts', env, (line) => (/code from the (store|customer)[^:]*: $/.test(line) ? answer(line) : undefined));

describe('examples/ride-a-delivery.ts', () => {
  it('takes the nearest offer and delivers it, asking again after a wrong code', async () => {
    // Prepare: a live job on offer; the rider's app types a wrong pickup code first
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: 100_000 });
    const rider = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-example');
    const job = await bookJobAt(api.table.rt, merchant, 'queued');
    const typed: string[] = [];

    // Act
    const { code, output } = await runRider(
      { BASE_URL: api.server.url, FLEET_KEY: rider.fleetKey, MAX_WAIT_SECONDS: '10', POLL_SECONDS: '0.2' },
      async (question) => {
        const { pickup, delivery } = (await merchantView(merchant, job.id)).verification;
        const right = question.startsWith('Pickup') ? pickup.code! : delivery.code!;
        const answer = question.startsWith('Pickup') && typed.length === 0 ? (right === '0000' ? '1111' : '0000') : right;
        typed.push(answer);
        return answer;
      },
    );

    // Assess
    expect(code, output).toBe(0);
    expect(output).toMatch(new RegExp(`^Accepted job ${job.id}: pickup \\d+ m away at MG Road, Bengaluru, ${BENGALURU_ROUTE_METERS} m to the drop$`, 'm'));
    expect(output).toMatch(/^Confirmed; on the way to Chai Point, MG Road \(\+919876543210\)$/m);
    expect(output).toMatch(/^ {2}Wrong pickup code; 4 tries left before the handoff locks$/m);
    expect(output).toMatch(/^Done: delivered$/m);
    expect(typed).toHaveLength(3);
    expect(await merchantView(merchant, job.id)).toMatchObject({ status: 'delivered', settlement: 'captured', agentId: 'rider-example' });
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('resumes the job the rider already holds, from where it stands', async () => {
    // Prepare: the rider accepted and confirmed before the app restarted
    const merchant = await newMerchant(api.table.rt, api.server);
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const job = await bookJobAt(api.table.rt, merchant, 'booked', rider);

    // Act
    const { code, output } = await runRider(
      { BASE_URL: api.server.url, FLEET_KEY: rider.fleetKey, MAX_WAIT_SECONDS: '1', POLL_SECONDS: '0.2' },
      async (question) => {
        const { pickup, delivery } = (await merchantView(merchant, job.id)).verification;
        return question.startsWith('Pickup') ? pickup.code! : delivery.code!;
      },
    );

    // Assess
    expect(code, output).toBe(0);
    expect(output).toMatch(new RegExp(`^Resuming job ${job.id}: booked$`, 'm'));
    expect(output).not.toMatch(/^Accepted job/m);
    expect(output).toMatch(/^Done: delivered$/m);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('reports a failed attempt when the customer cannot be reached, goes back on a reattempt, and brings the parcel back after the second', async () => {
    // Prepare: the rider picked the parcel up before the app restarted; the customer never answers
    const merchant = await newMerchant(api.table.rt, api.server);
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const job = await bookJobAt(api.table.rt, merchant, 'pickup_completed', rider);
    const questions: string[] = [];

    // Act: the merchant asks for a reattempt while the app waits; the store gives the return code
    const { code, output } = await runScript(
      'examples/ride-a-delivery.ts',
      { BASE_URL: api.server.url, FLEET_KEY: rider.fleetKey, MAX_WAIT_SECONDS: '1', POLL_SECONDS: '0.2' },
      async (line) => {
        if (line.startsWith('Waiting for the merchant')) {
          await api.table.rt.jobs.move({ storeId: merchant.storeId, jobId: job.id }, { type: 'decide', action: 'reattempt' }, 'merchant', {
            onLostRace: 'decide-again',
          });
          return undefined;
        }
        if (!/code from the (store|customer)[^:]*: $/.test(line)) return undefined;
        questions.push(line.split(' ')[0]!);
        if (line.startsWith('Delivery')) return '';
        return (await api.table.rt.jobs.get(merchant.storeId, job.id))!.returnTrip!.handoff.code;
      },
    );

    // Assess
    expect(code, output).toBe(0);
    expect(questions).toEqual(['Delivery', 'Delivery', 'Return']);
    expect(output).toMatch(/^Delivery attempt 1 reported: the customer could not be reached$/m);
    expect(output).toMatch(/^Waiting for the merchant’s decision \(by .+\)$/m);
    expect(output).toMatch(/^Delivery attempt 2 reported: the customer could not be reached$/m);
    expect(output).toMatch(/^Bringing the parcel back to Chai Point, MG Road at MG Road, Bengaluru$/m);
    expect(output).toMatch(/^Done: failed \(the parcel is returned\)$/m);
    expect((await api.table.rt.jobs.get(merchant.storeId, job.id))!).toMatchObject({
      status: 'failed',
      settlement: 'captured',
      returnTrip: { reason: 'undeliverable', status: 'returned', chargeSettlement: 'captured' },
    });
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('says so when no offer comes in time', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    // No offer is left in this file's table: the tests above deliver theirs.
    const { code, output } = await runRider(
      { BASE_URL: api.server.url, FLEET_KEY: rider.fleetKey, MAX_WAIT_SECONDS: '0.5', POLL_SECONDS: '0.2' },
      async () => null,
    );

    expect(code).toBe(0);
    expect(output).toMatch(/^No offer within 0\.5 s; try again later$/m);
  });
});

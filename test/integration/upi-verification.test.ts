import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, merchantView, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { driveJob, newFleetMember } from '../helpers/fleet.ts';
import { expectRiderCashInvariant } from '../helpers/collection.ts';
import { admin, adminJson } from '../helpers/admin.ts';
import { nextCutoff } from '../../functions/core/remittance.ts';
import { remittanceTick } from '../../functions/workers/remittances.ts';
import type { Job } from '../../functions/core/job.ts';
import { keys } from '../../functions/data/table.ts';
import { dynamoCallScope, newDynamoTally } from '../../functions/data/client.ts';
import type { Runtime } from '../../functions/runtime.ts';
import type { CodSummaryResponse } from '../../functions/schemas/views/cod-summary.view.ts';

/**
 * UPI payments are verified before they are remitted: collected for the parcel's sake at once, but
 * remitted only once the platform's receiving account confirmed them (`upi import` of its statement,
 * `upi verify`), or, unconfirmed after UPI_VERIFY_HOURS, once charged to the rider who recorded them
 * (cash they owe, in hand until deposited). After each: the store's ledger and COD invariant (paise
 * conserved across the store's credit, its remittances and the riders' accounts), the rider's cash invariant.
 */
const api = useLocalApi();

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const cutoffAhead = (rt: Runtime) => new Date(nextCutoff(new Date(), rt.config.REMITTANCE_CUTOFF_IST).getTime() + DAY);
// A fresh 12-digit reference a test owns.
const newReference = () => `9${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`;

/** Books a cash-on-delivery job and has its rider record a UPI payment of `amountMinor` under `reference` at `at`. */
async function upiJob(rt: Runtime, m: TestMerchant, amountMinor: number, reference: string, at: Date): Promise<Job> {
  const rider = `rider-${randomUUID().slice(0, 8)}`;
  const { id } = await m.bookJob({ quote: { collectMinor: amountMinor } });
  const atDrop = await driveJob(rt, m.storeId, id, 'delivery_arrived', rider);
  return (await rt.jobs.move(atDrop, { type: 'collect', method: 'upi', amountMinor, reference }, `rider:${rider}`, { now: at, onLostRace: 'refuse' })).job;
}

function statementFile(lines: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'upi-')), 'statement.csv');
  writeFileSync(file, ['reference,amount,time', ...lines].join('\n'));
  return file;
}

const codSummary = async (m: TestMerchant) => ((await m.get('/v1/cod-summary')).body as { data: CodSummaryResponse }).data;

async function expectInvariants(rt: Runtime, m: TestMerchant, ...riders: string[]) {
  await expectLedgerInvariant(rt, m.storeId);
  for (const rider of riders) await expectRiderCashInvariant(rt, rider);
}

describe('a UPI payment', () => {
  // First in the file: its worker ticks then see only its own store, so their DynamoDB calls can be counted.
  it('still unverified UPI_VERIFY_HOURS after collection becomes the rider’s debt (cash in hand, paid by a deposit) and is remitted; a late statement line says so', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const cut = cutoffAhead(rt);
    const reference = newReference();
    const collectedAt = new Date(cut.getTime() - 2 * HOUR);
    const job = await upiJob(rt, m, 200_000, reference, collectedAt);
    const rider = job.agentId!;
    const due = collectedAt.getTime() + rt.config.UPI_VERIFY_HOURS * HOUR;
    expect(rt.config.UPI_VERIFY_HOURS).toBe(48);

    expect((await remittanceTick(rt, new Date(due - 60_000))).failed).toBe(0);
    expect(await rt.riderCash.account(rider)).toMatchObject({ inHandMinor: 0 });
    const tick = new Date(due + 60_000);
    const tally = newDynamoTally();
    expect(await dynamoCallScope.run(tally, () => remittanceTick(rt, tick))).toEqual({ moved: 1, finished: 1, failed: 0 });
    // The worklist (one Query a shard), the lease, the store's payments; the charge: the job's read and
    // its transaction; then the claim (BatchGet, transaction), the credit (read, transaction), the release.
    expect(tally.calls).toBe(keys.remittanceWorkPartitions().length + 9);

    expect(await rt.riderCash.account(rider)).toMatchObject({ inHandMinor: 200_000, collectedCashMinor: 200_000, exposureMinor: 200_000 });
    const { entries } = await rt.riderCash.entries(rider, 10);
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'upi_unverified', amountMinor: 200_000, jobId: job.id, storeId: m.storeId, createdAt: tick.toISOString() }),
    ]);
    const stored = (await rt.jobs.get(m.storeId, job.id))!.collection!;
    expect(stored).toMatchObject({ verifiedAt: tick.toISOString(), remittanceId: expect.stringMatching(/^rem_/) });
    expect(await rt.upiPayments.get(reference)).toMatchObject({ verifiedAt: tick.toISOString(), verifiedBy: 'rider_debt' });
    expect(await codSummary(m)).toMatchObject({ awaitingVerificationMinor: 0, awaitingRemittanceMinor: 0, remittedMinor: 200_000 });
    await expectInvariants(rt, m, rider);

    const late = await admin(api.table, ['upi', 'import', '--file', statementFile([`${reference},2000,2026-11-26T10:00:00Z`])]);
    expect(late.stdout).toContain(`${reference} already verified at ${tick.toISOString()} by charging its rider`);
    // The rider pays it like cash in hand: a deposit, as operations read it on GET …/cash.
    const ops = await newFleetMember(rt, api.server, 'ops');
    const deposit = await ops.post(`/fleet/v1/riders/${rider}/deposits`, { amountMinor: 200_000 }, { 'Idempotency-Key': randomUUID() });
    expect(deposit.status).toBe(201);
    const account = (await ops.get(`/fleet/v1/riders/${rider}/cash`)).body as { data: { inHandMinor: number; entries: Array<{ kind: string }> } };
    expect(account.data.inHandMinor).toBe(0);
    expect(account.data.entries.map((entry) => entry.kind).sort()).toEqual(['deposit', 'upi_unverified']);
    await expectInvariants(rt, m, rider);
  });
  it('is collected but unverified: not remitted at the cut-off; verified by `upi verify`, it is remitted at the next one', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const cut = cutoffAhead(rt);
    const reference = newReference();
    const job = await upiJob(rt, m, 85_000, reference, new Date(cut.getTime() - 2 * HOUR));
    const other = await upiJob(rt, m, 1_000, newReference(), new Date(cut.getTime() - HOUR));

    expect((await merchantView(m, job.id)).collection).toMatchObject({ status: 'collected', method: 'upi', reference, verifiedAt: null, remittanceId: null });
    expect(await codSummary(m)).toMatchObject({
      collectedMinor: 86_000,
      awaitingRemittanceMinor: 86_000,
      awaitingVerificationMinor: 86_000,
      nextRemittanceAt: null,
    });
    expect((await remittanceTick(rt, new Date(cut.getTime() + HOUR))).failed).toBe(0);
    expect((await merchantView(m, job.id)).collection!.remittanceId).toBeNull();
    await expectInvariants(rt, m, job.agentId!);

    const verify = await admin(api.table, ['upi', 'verify', '--reference', `${reference.slice(0, 4)} ${reference.slice(4)}`]);
    expect(verify).toMatchObject({ code: 0, stderr: '' });
    expect(verify.stdout).toContain(`${reference} verified (job ${job.id} of ${m.storeId}, 85000 paise`);
    const again = await admin(api.table, ['upi', 'verify', '--reference', reference]);
    expect(again.stdout).toMatch(new RegExp(`${reference} already verified at .* by operator`));

    const view = (await merchantView(m, job.id)).collection!;
    expect(view.verifiedAt).toEqual(expect.any(String));
    expect(await codSummary(m)).toMatchObject({ awaitingVerificationMinor: 1_000 });
    await expectInvariants(rt, m, job.agentId!);
    expect((await remittanceTick(rt, new Date(cut.getTime() + DAY + HOUR))).failed).toBe(0);
    const remitted = (await merchantView(m, job.id)).collection!;
    expect(remitted.remittanceId).toMatch(/^rem_/);
    expect((await merchantView(m, other.id)).collection!.remittanceId).toBeNull();
    expect(await codSummary(m)).toMatchObject({ awaitingRemittanceMinor: 1_000, remittedMinor: 85_000, awaitingVerificationMinor: 1_000 });
    await expectInvariants(rt, m, job.agentId!);
  });

  it('is verified by `upi import` of the statement: matched ones verified, another amount and unknown references reported, unreadable lines named; a second import verifies nothing new', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const cut = cutoffAhead(rt);
    const [matched, mismatched, unknown] = [newReference(), newReference(), newReference()];
    const a = await upiJob(rt, m, 85_050, matched, new Date(cut.getTime() - 3 * HOUR));
    const b = await upiJob(rt, m, 40_000, mismatched, new Date(cut.getTime() - 2 * HOUR));
    const file = statementFile([
      `${matched},850.50,2026-11-26T10:00:00+05:30`,
      `${mismatched},399,2026-11-26T10:05:00+05:30`,
      `${unknown},100.00,2026-11-26T10:06:00+05:30`,
      `UTR-${unknown},100.00,2026-11-26T10:07:00+05:30`,
    ]);

    const first = await adminJson<Record<string, unknown>>(api.table, ['upi', 'import', '--file', file]);
    const second = await admin(api.table, ['upi', 'import', '--file', file]);

    expect(first).toMatchObject({ lines: 4, verified: 1, alreadyVerified: 0, amountMismatches: 1, unknownReferences: 1, unreadable: 1 });
    expect(first.results).toEqual([
      expect.objectContaining({ line: 2, outcome: 'verified', reference: matched, jobId: a.id, amountMinor: 85_050 }),
      expect.objectContaining({ line: 3, outcome: 'amount_mismatch', reference: mismatched, jobId: b.id, amountMinor: 40_000, statementMinor: 39_900 }),
      { line: 4, outcome: 'unknown_reference', reference: unknown },
    ]);
    expect(first.unreadableLines).toEqual([expect.objectContaining({ line: 5, why: 'the reference is not a 12-digit UPI transaction number' })]);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^Verified nothing new: 4 lines, 1 already verified\./);
    expect(second.stdout).toContain(`line 3: ${mismatched} NOT verified: the statement says 39900 paise (₹399.00), the rider recorded 40000 paise (₹400.00)`);
    expect(second.stdout).toContain(`line 4: ${unknown} unknown`);

    expect((await merchantView(m, a.id)).collection!.verifiedAt).toEqual(expect.any(String));
    expect((await merchantView(m, b.id)).collection!.verifiedAt).toBeNull();
    expect(await codSummary(m)).toMatchObject({ awaitingVerificationMinor: 40_000 });
    // Only the verified payment is remitted at the cut-off.
    expect((await remittanceTick(rt, new Date(cut.getTime() + HOUR))).failed).toBe(0);
    expect((await merchantView(m, a.id)).collection!.remittanceId).toMatch(/^rem_/);
    expect((await merchantView(m, b.id)).collection!.remittanceId).toBeNull();
    await expectInvariants(rt, m, a.agentId!, b.agentId!);
  });

  it('refuses a statement without its header (exit 2), verifying nothing', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'upi-')), 'statement.csv');
    writeFileSync(file, 'utr,amount\n433512345678,850\n');
    const run = await admin(api.table, ['upi', 'import', '--file', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('The statement\'s first line must be "reference,amount,time"');
  });
});

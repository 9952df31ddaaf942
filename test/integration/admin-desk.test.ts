import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { driveJob, driveJobByFleetApi } from '../helpers/fleet.ts';
import { storeWithRider } from '../helpers/rider-setup.ts';
import { admin, adminJson, tableEnv, type AdminRun } from '../helpers/admin.ts';
import { BENGALURU_CHARGE_MINOR } from '../helpers/fixtures.ts';
import { dbOf, partitionItems } from '../helpers/table.ts';
import type { TestFleetMember } from '../helpers/fleet.ts';

/** Operations' desk (issue 33 §3): finding stores, keys, jobs, jobs in review and riders' cash from the admin CLI. */
const api = useLocalApi();
const COLLECT = 85_000;

const unique = (name: string) => `${name} ${randomUUID().slice(0, 8)}`;
const deposit = (ops: TestFleetMember, agentId: string, body: unknown) =>
  ops.post(`/fleet/v1/riders/${agentId}/deposits`, body, { 'Idempotency-Key': randomUUID() });

// `npm run -s admin -- …` in a process of its own, as an operator pipes it.
function npmRun(args: string[]): Promise<AdminRun> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', 'admin', '--', ...args], { env: { ...process.env, ...tableEnv(api.table) } });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

describe('finding stores', () => {
  it('lists stores, and those whose name contains the text in any case, sandbox ones marked', async () => {
    const name = unique('Chai Point');
    const live = await adminJson<{ storeId: string; testStore: { storeId: string } }>(api.table, ['store', 'create', '--name', name]);
    const sandbox = await adminJson<{ storeId: string }>(api.table, ['store', 'create', '--name', `${name} test`, '--sandbox']);

    const found = await adminJson<Array<Record<string, unknown>>>(api.table, ['store', 'list', '--name', name.toUpperCase()]);
    const all = await adminJson<Array<{ storeId: string }>>(api.table, ['store', 'list']);
    const text = await admin(api.table, ['store', 'list', '--name', name.toLowerCase()]);
    const none = await admin(api.table, ['store', 'list', '--name', 'no such shop anywhere']);

    // The live store's sandbox twin ("<name> (test)", made with it) is found by the name too.
    expect(found).toEqual([
      { storeId: live.storeId, name, sandbox: false, createdAt: expect.any(String) },
      { storeId: live.testStore.storeId, name: `${name} (test)`, sandbox: true, createdAt: expect.any(String) },
      { storeId: sandbox.storeId, name: `${name} test`, sandbox: true, createdAt: expect.any(String) },
    ]);
    expect(all.map((s) => s.storeId)).toEqual(expect.arrayContaining([live.storeId, live.testStore.storeId, sandbox.storeId]));
    expect(text.stdout).toMatch(
      new RegExp(
        `^${live.storeId}  live     \\S+  ${name}\\n${live.testStore.storeId}  sandbox  \\S+  ${name} \\(test\\)\\n${sandbox.storeId}  sandbox  \\S+  ${name} test\\n$`,
      ),
    );
    expect(none).toMatchObject({ code: 0, stdout: 'No store\'s name contains "no such shop anywhere".\n' });
  });

  it('finds a key’s store by the key itself or its id, never printing the key', async () => {
    const created = await adminJson<{ storeId: string; keyId: string; apiKey: string }>(api.table, ['store', 'create', '--name', unique('Keyed')]);

    const byKey = await adminJson<Record<string, unknown>>(api.table, ['store', 'find', '--key', created.apiKey]);
    const byId = await admin(api.table, ['store', 'find', '--key', created.keyId]);
    const unknown = await admin(api.table, ['store', 'find', '--key', `mdk_live_${'Q'.repeat(32)}`, '--json']);

    expect(byKey).toMatchObject({ keyId: created.keyId, storeId: created.storeId, status: 'active', revokedAt: null, sandbox: false });
    expect(byId.stdout).toMatch(new RegExp(`^Key ${created.keyId} \\(active\\) belongs to ${created.storeId}: Keyed `));
    expect(JSON.stringify(byKey)).not.toContain(created.apiKey);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr)).toEqual({ error: 'No key mdk_live_QQQQ…', code: 'not_found' });
  });

  it('says what credit a sandbox store starts with and how to add more', async () => {
    const run = await admin(api.table, ['store', 'create', '--name', unique('Sandbox shop'), '--sandbox']);

    const storeId = /store_\w+/.exec(run.stdout)![0];
    expect(run.stdout).toContain(
      `It starts with 0 paise (₹0.00) credit (bookings need credit: add some first); add more with: npm run admin -- store credit --store ${storeId} --amount-minor N`,
    );
  });

  it('prints pure JSON through npm run -s, so it can be piped', async () => {
    const { storeId } = await adminJson<{ storeId: string }>(api.table, ['store', 'create', '--name', unique('Piped')]);

    const run = await npmRun(['store', 'list', '--json']);

    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as Array<{ storeId: string }>).map((s) => s.storeId)).toContain(storeId);
  });
});

describe('keys', () => {
  it('warns when it revokes the store’s last active key, and says when a key was already revoked', async () => {
    const created = await adminJson<{ storeId: string; keyId: string }>(api.table, ['store', 'create', '--name', unique('Last key')]);

    const revoked = await admin(api.table, ['key', 'revoke', '--key', created.keyId]);
    const again = await admin(api.table, ['key', 'revoke', '--key', created.keyId]);
    const againJson = await adminJson<Record<string, unknown>>(api.table, ['key', 'revoke', '--key', created.keyId]);

    expect(revoked.stdout).toContain(`⚠ That was the last active key of ${created.storeId}`);
    expect(revoked.stdout).toContain(`npm run admin -- key create --store ${created.storeId}`);
    const [listed] = await adminJson<Array<{ revokedAt: string }>>(api.table, ['key', 'list', '--store', created.storeId]);
    expect(again).toMatchObject({
      code: 0,
      stdout: `Key ${created.keyId} of ${created.storeId} was already revoked at ${listed!.revokedAt}; nothing changed.\n`,
    });
    expect(againJson).toEqual({ keyId: created.keyId, storeId: created.storeId, revokedAt: listed!.revokedAt, alreadyRevoked: true });
  });
});

describe('finding jobs', () => {
  it('shows a job of any store by its id, and lists a store’s jobs by status or in review', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const queued = await m.bookJob();
    const failing = await m.bookJob();
    await driveJob(rt, m.storeId, queued.id, 'queued');
    await driveJob(rt, m.storeId, failing.id, 'pickup_completed');
    await rt.jobs.move({ storeId: m.storeId, jobId: failing.id }, { type: 'fail', note: 'Parcel damaged' }, 'rider:rider-7');

    const shown = await adminJson<{ job: { id: string; storeId: string; status: string }; review: unknown }>(api.table, ['job', 'show', '--job', failing.id]);
    const text = await admin(api.table, ['job', 'show', '--job', failing.id]);
    const byStatus = await adminJson<Array<{ jobId: string }>>(api.table, ['job', 'list', '--store', m.storeId, '--status', 'queued']);
    const inReview = await adminJson<Array<{ jobId: string; review: unknown }>>(api.table, ['job', 'list', '--store', m.storeId, '--review']);
    const newest = await adminJson<Array<{ jobId: string }>>(api.table, ['job', 'list', '--store', m.storeId, '--limit', '1']);
    const badStatus = await admin(api.table, ['job', 'list', '--store', m.storeId, '--status', 'lost', '--json']);
    const unknown = await admin(api.table, ['job', 'show', '--job', '0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1', '--json']);

    expect(shown.job).toMatchObject({ id: failing.id, storeId: m.storeId, status: 'failed' });
    expect(shown.review).toEqual({ reason: 'settlement', since: expect.any(String), owesMinor: BENGALURU_CHARGE_MINOR });
    expect(text.stdout).toContain(`store       ${m.storeId}\n`);
    expect(text.stdout).toMatch(/review {6}settlement since \S+, owes 6900 paise \(₹69\.00\)\n/);
    expect(text.stdout).toContain('Parcel damaged');
    expect(byStatus.map((j) => j.jobId)).toEqual([queued.id]);
    expect(inReview).toEqual([expect.objectContaining({ jobId: failing.id, review: expect.objectContaining({ reason: 'settlement' }) })]);
    expect(newest.map((j) => j.jobId)).toEqual([failing.id]);
    expect(badStatus.code).toBe(2);
    expect(JSON.parse(badStatus.stderr).error).toMatch(/^--status must be one of created, queued, /);
    expect(JSON.parse(unknown.stderr)).toEqual({ error: 'No job 0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1', code: 'not_found' });
  });

  it('lists every store’s jobs in review oldest first, sandbox ones marked, with what each owes', async () => {
    const rt = api.table.rt;
    const live = await newMerchant(rt, api.server);
    const sandbox = await newMerchant(rt, api.server, { sandbox: true });
    const { id: liveId } = await live.bookJob();
    await driveJob(rt, live.storeId, liveId, 'pickup_completed');
    await rt.jobs.move({ storeId: live.storeId, jobId: liveId }, { type: 'fail', note: 'Lost' }, 'rider:rider-7');
    const { id: sandboxId } = await sandbox.bookJob();
    // A sandbox job marked overdue as the deadlines' worker would (part D): the queue shows it, marked.
    const before = (await rt.jobs.get(sandbox.storeId, sandboxId))!;
    const since = new Date().toISOString();
    await rt.jobs.write(
      { before, after: { ...before, overdue: { kind: 'rearrival', since }, version: before.version + 1, updatedAt: since }, money: [], events: [] },
      {},
    );

    const listed = await adminJson<Array<{ jobId: string; storeId: string; sandbox: boolean; since: string }>>(api.table, ['review', 'list']);
    const text = await admin(api.table, ['review', 'list']);

    const ours = listed.filter((r) => r.jobId === liveId || r.jobId === sandboxId);
    expect(ours.map((r) => [r.jobId, r.sandbox])).toEqual([
      [liveId, false],
      [sandboxId, true],
    ]);
    expect(listed.map((r) => r.since)).toEqual(listed.map((r) => r.since).sort());
    expect(text.stdout).toMatch(/^\d+ jobs? in review, oldest first:\n/);
    expect(text.stdout).toMatch(new RegExp(`${liveId}  ${live.storeId} +settlement +owes 6900 paise \\(₹69\\.00\\) +failed\\n`));
    expect(text.stdout).toContain(`${sandboxId}  ${sandbox.storeId} (sandbox)`);
    expect(text.stdout).toContain('  settlement: failed after pickup: capture or release its charge (settlement resolve)');
  });
});

describe('settlement resolve', () => {
  it('records the note and the operator on the statement line, and answers a repeat as already resolved, writing nothing twice', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const { id } = await m.bookJob();
    await driveJob(rt, m.storeId, id, 'pickup_completed');
    await rt.jobs.move({ storeId: m.storeId, jobId: id }, { type: 'fail', note: 'Parcel damaged' }, 'rider:rider-7');
    const args = ['settlement', 'resolve', '--job', id, '--release', '--note', 'Ticket 4411: rider fell', '--operator', 'asha'];

    const first = await adminJson<Record<string, unknown>>(api.table, args);
    const again = await admin(api.table, args);
    const other = await admin(api.table, ['settlement', 'resolve', '--job', id, '--capture', '--json']);

    expect(first).toMatchObject({ settlement: 'released', operator: 'asha' });
    const lines = (await rt.stores.ledger(m.storeId)).filter((e) => e.jobId === id && e.type === 'release');
    expect(lines).toEqual([expect.objectContaining({ note: 'Review resolved: release: Ticket 4411: rider fell', operator: 'asha' })]);
    expect(again).toMatchObject({
      code: 0,
      stdout: `Job ${id} of ${m.storeId}: settlement review already resolved (released at ${lines[0]!.createdAt}); nothing changed.\n`,
    });
    expect(other.code).toBe(1);
    expect(JSON.parse(other.stderr).error).toBe(
      `The settlement review of job ${id} was already resolved (released at ${lines[0]!.createdAt}); nothing changed`,
    );
    expect((await rt.stores.ledger(m.storeId)).filter((e) => e.jobId === id && e.type === 'release')).toHaveLength(1);
  });
});

describe('riders and their cash', () => {
  it('lists riders, shows one’s cash since when, and who holds cash now; a receipt number is recorded once', async () => {
    const { merchant, rider, ops } = await storeWithRider(api, 1_000_000, { ops: true });
    const { id } = await merchant.bookJob({ quote: { collectMinor: COLLECT } });
    await driveJobByFleetApi(api.table.rt, merchant.storeId, id, 'delivered', rider);
    const receipt = `RCPT-${randomUUID().slice(0, 8)}`;
    expect((await deposit(ops, rider.agentId!, { amountMinor: 5_000, reference: receipt })).status).toBe(201);

    const riders = await adminJson<Array<Record<string, unknown>>>(api.table, ['rider', 'list']);
    const cash = await adminJson<Record<string, unknown>>(api.table, ['rider', 'cash', '--agent-id', rider.agentId!]);
    const holding = await adminJson<Array<{ agentId: string; inHandMinor: number; since: string }>>(api.table, ['rider', 'cash', '--holding']);
    const text = await admin(api.table, ['rider', 'cash', '--holding']);
    const twice = await deposit(ops, rider.agentId!, { amountMinor: 5_000, reference: receipt.toLowerCase() });
    const neither = await admin(api.table, ['rider', 'cash', '--json']);

    const collectedAt = (await api.table.rt.jobs.get(merchant.storeId, id))!.collection!.collectedAt!;
    expect(riders).toContainEqual({
      agentId: rider.agentId,
      firstKeyAt: expect.any(String),
      lastKeyAt: expect.any(String),
      inHandMinor: COLLECT - 5_000,
      dueMinor: 0,
      holding: 0,
    });
    expect(cash).toMatchObject({ agentId: rider.agentId, inHandMinor: COLLECT - 5_000, depositedMinor: 5_000, since: collectedAt });
    expect(holding).toContainEqual({ agentId: rider.agentId, inHandMinor: COLLECT - 5_000, since: collectedAt });
    expect(text.stdout).toContain(`${rider.agentId!.padEnd(24)}  80000 paise (₹800.00)`);
    expect(twice).toMatchObject({ status: 409, body: { code: 'deposit_receipt_used', details: expect.objectContaining({ depositId: expect.any(String) }) } });
    expect((await api.table.rt.riderCash.account(rider.agentId!)).depositedMinor).toBe(5_000);
    expect(neither.code).toBe(2);
  });
});

describe('what the trial hit', () => {
  it('takes a negative amount after --amount-minor, as the docs write it, and with =', async () => {
    const { storeId } = await adminJson<{ storeId: string }>(api.table, ['store', 'create', '--name', unique('Adjusted'), '--credit-minor', '20000']);
    const adjust = (amount: string[], reasonId: string) =>
      adminJson<{ amountMinor: number; availableMinor: number }>(api.table, [
        'store',
        'adjust',
        '--store',
        storeId,
        ...amount,
        '--reason',
        'Refund',
        '--reason-id',
        reasonId,
      ]);

    expect(await adjust(['--amount-minor', '-5000'], 't-1')).toMatchObject({ amountMinor: -5000, availableMinor: 15_000 });
    expect(await adjust(['--amount-minor=-5000'], 't-2')).toMatchObject({ amountMinor: -5000, availableMinor: 10_000 });
  });

  it('says in its help that --reason-id is required, as the CLI holds it', async () => {
    const help = await admin(api.table, ['store', 'adjust', '--help']);

    expect(help.stdout).not.toContain('default the reason');
    expect(help.stdout).toContain('(once per reason id, required: e.g. the ticket number;');
  });

  it('resets one rate group when named and every group when not, recording who changed each and when', async () => {
    const { storeId } = await adminJson<{ storeId: string }>(api.table, ['store', 'create', '--name', unique('Limits')]);
    await adminJson(api.table, ['store', 'rate-limits', '--store', storeId, '--bookings', '120', '--reads', '600', '--operator', 'ravi']);

    const one = await adminJson<{ perMinute: Record<string, number>; changes: Record<string, unknown> }>(api.table, [
      'store',
      'rate-limits',
      '--store',
      storeId,
      '--reset',
      'bookings',
      '--operator',
      'asha',
    ]);
    const shown = await admin(api.table, ['store', 'rate-limits', '--store', storeId]);
    const all = await adminJson<{ perMinute: Record<string, number> }>(api.table, ['store', 'rate-limits', '--store', storeId, '--reset']);
    const wrong = await admin(api.table, ['store', 'rate-limits', '--store', storeId, '--reset-group', 'payments', '--json']);

    expect(one.perMinute).toMatchObject({ bookings: 10, reads: 600 });
    expect(one.changes).toEqual({
      bookings: { operator: 'asha', at: expect.any(String), reset: true },
      reads: { operator: 'ravi', at: expect.any(String), reset: false },
    });
    expect(shown.stdout).toMatch(/^bookings {7}10 a minute \(reset by asha at \S+\)$/m);
    expect(shown.stdout).toMatch(/^reads {10}600 a minute \(agreed\) \(set by ravi at \S+\)$/m);
    expect(all.perMinute).toMatchObject({ bookings: 10, reads: 60 });
    expect((await api.table.rt.stores.get(storeId))!.rateLimitOverrides).toEqual({});
    expect(JSON.parse(wrong.stderr)).toEqual({ error: expect.stringMatching(/^--reset names a rate group: quotes, bookings/), code: 'usage_error' });
  });
});

describe('after an upgrade', () => {
  it('desk reindex lists the stores, riders and jobs in review made before the desk, once however often it runs', async () => {
    const rt = api.table.rt;
    const db = dbOf(rt);
    const m = await newMerchant(rt, api.server);
    const { id } = await m.bookJob();
    await driveJob(rt, m.storeId, id, 'pickup_completed');
    await rt.jobs.move({ storeId: m.storeId, jobId: id }, { type: 'fail', note: 'Parcel damaged' }, 'rider:rider-7');
    const { agentId } = await rt.fleetKeys.create('rider', null);
    // As a table of before the desk has them: no directory items, no review item.
    const listing = (await partitionItems(rt, 'STORES')).find((item) => item.storeId === m.storeId)!;
    const review = (await partitionItems(rt, 'REVIEW')).find((item) => item.jobId === id)!;
    for (const item of [listing, review, { PK: 'RIDERS', SK: agentId! }])
      await db.send(new DeleteCommand({ TableName: api.table.tableName, Key: { PK: item.PK, SK: item.SK } }));
    const listed = async () => ({
      store: (await adminJson<Array<{ storeId: string }>>(api.table, ['store', 'list'])).filter((s) => s.storeId === m.storeId).length,
      review: (await adminJson<Array<{ jobId: string }>>(api.table, ['review', 'list'])).filter((r) => r.jobId === id).length,
      rider: (await adminJson<Array<{ agentId: string }>>(api.table, ['rider', 'list'])).filter((r) => r.agentId === agentId).length,
    });
    expect(await listed()).toEqual({ store: 0, review: 0, rider: 0 });

    const first = await adminJson<{ stores: number; riders: number; reviews: number }>(api.table, ['desk', 'reindex']);
    const afterFirst = await listed();
    await adminJson(api.table, ['desk', 'reindex']);

    expect(first.stores).toBeGreaterThanOrEqual(1);
    expect(first.reviews).toBeGreaterThanOrEqual(1);
    expect(afterFirst).toEqual({ store: 1, review: 1, rider: 1 });
    expect(await listed()).toEqual({ store: 1, review: 1, rider: 1 });
    expect((await partitionItems(rt, 'REVIEW')).find((item) => item.jobId === id)).toEqual(review);
  });

  it('settles a review once when two operators resolve it at the same moment: both told it is done, one statement line', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const { id } = await m.bookJob();
    await driveJob(rt, m.storeId, id, 'pickup_completed');
    await rt.jobs.move({ storeId: m.storeId, jobId: id }, { type: 'fail', note: 'Parcel damaged' }, 'rider:rider-7');

    const runs = await Promise.all([1, 2].map(() => admin(api.table, ['settlement', 'resolve', '--job', id, '--release'])));

    expect(runs.map((run) => run.code)).toEqual([0, 0]);
    expect(
      runs
        .map((run) => (run.stdout.includes('already resolved (released at') ? 'told' : run.stdout.includes(': settlement released (') ? 'did' : run.stdout))
        .sort(),
    ).toEqual(['did', 'told']);
    expect((await rt.stores.ledger(m.storeId)).filter((e) => e.jobId === id && e.type === 'release')).toHaveLength(1);
  });
});

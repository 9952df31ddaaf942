import { describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, newMerchant } from '../helpers/merchant.ts';
import { expectFleetIndexes } from '../helpers/fleet.ts';
import { dbOf, partitionItems } from '../helpers/table.ts';
import { dispatchTick } from '../../functions/workers/dispatch.ts';
import { simulateTick } from '../../functions/workers/simulation.ts';
import { dynamoCallScope, newDynamoTally } from '../../functions/data/client.ts';
import { createRuntime, runtime, type Runtime } from '../../functions/runtime.ts';
import { keys, shardOf, WRITE_SHARDS } from '../../functions/data/table.ts';
import { ZONE_LISTS_GRACE_MS, zoneListsMarker } from '../../functions/data/work.repository.ts';

// No background loop here: the test alone decides when the workers tick.
process.env.SIMULATION_SECONDS = '3';
const api = useLocalApi();

// Moves a job's worklist item from its kind's shard to where the release before filed it (its zone's shard).
async function fileInZone(rt: Runtime, kind: 'dispatch' | 'simulation', storeId: string, jobId: string): Promise<{ PK: string; SK: string }> {
  const db = dbOf(rt);
  const [item] = (await Promise.all(keys.workPartitions(kind).map((pk) => partitionItems(rt, pk)))).flat().filter((found) => found.jobId === jobId);
  const job = (await rt.jobs.get(storeId, jobId))!;
  const old = { PK: keys.zoneWorkPartitions(kind, job.zoneId)[shardOf(jobId)]!, SK: item!.SK as string };
  await db.send(new DeleteCommand({ TableName: rt.config.TABLE_NAME, Key: { PK: item!.PK, SK: item!.SK } }));
  await db.send(new PutCommand({ TableName: rt.config.TABLE_NAME, Item: { ...item, ...old } }));
  return old;
}

// Every item of every zone's per-zone lists of a kind.
async function zoneItems(rt: Runtime, kind: 'dispatch' | 'simulation'): Promise<Array<Record<string, unknown>>> {
  const zoneIds = (await rt.zones.current()).map((zone) => zone.id);
  return (await Promise.all(zoneIds.flatMap((zoneId) => keys.zoneWorkPartitions(kind, zoneId)).map((pk) => partitionItems(rt, pk)))).flat();
}

describe('the per-zone worklists of before the per-kind ones', () => {
  it('are worked until empty, then, once found empty for the grace, no pass reads them again', async () => {
    // Prepare: a table of the release before (no marker: a new table gets one at its creation), a live
    // job and a sandbox job, each filed in its zone's list as that release did
    const rt = runtime();
    for (const kind of ['dispatch', 'simulation'])
      await dbOf(rt).send(new DeleteCommand({ TableName: rt.config.TABLE_NAME, Key: keys.zoneWorklistsDrained(kind) }));
    const live = await newMerchant(rt, api.server);
    const sandbox = await newMerchant(rt, api.server, { sandbox: true });
    const liveJob = (await live.bookJob()).id;
    const sandboxJob = (await sandbox.bookJob()).id;
    await fileInZone(rt, 'dispatch', live.storeId, liveJob);
    await fileInZone(rt, 'simulation', sandbox.storeId, sandboxJob);
    const marker = async (kind: string) =>
      (await dbOf(rt).send(new GetCommand({ TableName: rt.config.TABLE_NAME, Key: keys.zoneWorklistsDrained(kind) }))).Item;

    // Act: one pass of each (the simulator's past the whole run)
    await dispatchTick(rt);
    await simulateTick(rt, new Date(Date.now() + 10_000));

    // Assess: the live job is offered and re-filed in its kind's shard, the sandbox job delivered and
    // let go of; the per-zone lists are empty, but no marker yet (these passes found items there)
    expect((await rt.jobs.get(live.storeId, liveJob))!.status).toBe('queued');
    expect((await rt.jobs.get(sandbox.storeId, sandboxJob))!.status).toBe('delivered');
    expect([await zoneItems(rt, 'dispatch'), await zoneItems(rt, 'simulation')]).toEqual([[], []]);
    await expectFleetIndexes(rt, live.storeId);
    await expectLedgerInvariant(rt, sandbox.storeId);
    expect([await marker('dispatch'), await marker('simulation')]).toEqual([undefined, undefined]);

    // Act: the next passes find the per-zone lists empty
    const finding = newDynamoTally();
    await dynamoCallScope.run(finding, async () => {
      await dispatchTick(rt);
      await simulateTick(rt);
    });

    // Assess: the marker of each kind is written: empty since now
    expect(await marker('dispatch')).toMatchObject({ type: 'work-layout', emptySince: expect.any(String) });
    expect(await marker('simulation')).toMatchObject({ type: 'work-layout', emptySince: expect.any(String) });

    // Act: within the grace (a deploy's window), a container of the release before books into a zone's list
    const straggler = (await live.bookJob()).id;
    await fileInZone(rt, 'dispatch', live.storeId, straggler);
    await dispatchTick(rt);

    // Assess: it is still read and worked, and the grace starts again when the lists are empty
    expect((await rt.jobs.get(live.storeId, straggler))!.status).toBe('queued');
    expect(await marker('dispatch')).toBeUndefined();
    await dispatchTick(rt);
    expect(await marker('dispatch')).toMatchObject({ emptySince: expect.any(String) });

    // Act: the grace passes (the markers say empty since 16 minutes ago); an item put in a zone's list
    // now (nothing of this release writes there), then passes of this container and of a new one
    const longAgo = new Date(Date.now() - ZONE_LISTS_GRACE_MS - 60_000);
    for (const kind of ['dispatch', 'simulation'] as const)
      await dbOf(rt).send(new PutCommand({ TableName: rt.config.TABLE_NAME, Item: zoneListsMarker(kind, longAgo) }));
    await dispatchTick(rt); // this container sees the grace has passed
    const late = (await live.bookJob()).id;
    const stranded = await fileInZone(rt, 'dispatch', live.storeId, late);
    const container = newDynamoTally();
    await dynamoCallScope.run(container, () => dispatchTick(rt));
    const fresh = createRuntime({ ...rt.config });
    const [first, second] = [newDynamoTally(), newDynamoTally()];
    await dynamoCallScope.run(first, () => dispatchTick(fresh));
    await dynamoCallScope.run(second, () => dispatchTick(fresh));

    // Assess: no pass reads the zones' lists: the stranded item is not seen (its job stays created),
    // and an idle pass is the kind's shards and the unsharded list, one Query each (the new container's
    // first, the marker too and its clock)
    expect((await rt.jobs.get(live.storeId, late))!.status).toBe('created');
    expect(await zoneItems(rt, 'dispatch')).toEqual([expect.objectContaining(stranded)]);
    expect(container.calls).toBe(WRITE_SHARDS + 1);
    expect(second.calls).toBe(WRITE_SHARDS + 1);
    expect(first.calls).toBe(WRITE_SHARDS + 1 + 2);
    // Finding them empty read every zone's shards once (and the marker, and wrote it), per kind
    const zones = (await rt.zones.current()).length;
    expect(finding.calls).toBe(2 * (WRITE_SHARDS + 1 + 1 + zones * WRITE_SHARDS + 1));
  });
});

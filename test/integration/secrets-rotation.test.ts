import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { readConfig } from '../../functions/config.ts';
import { createRuntime, type Runtime } from '../../functions/runtime.ts';
import { SecretBox, V1_LABEL } from '../../functions/core/secret-box.ts';
import { ServiceUnavailableError } from '../../functions/core/errors.ts';
import { KEY_REFRESH_MS, REFRESH_RETRY_MS, SecretsManagerKeyRing } from '../../functions/data/secret-keys.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { deliverTick } from '../../functions/webhooks/deliver.ts';
import { SecretsManagerStandIn, type StandInSecret } from '../helpers/secrets-manager.ts';
import { useLocalApi } from '../helpers/server.ts';
import { newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { authHeaders } from '../helpers/fixtures.ts';
import { allowLoopbackReceivers, useReceivers, type Receiver } from '../helpers/receiver.ts';

/**
 * A rotation of the two keys as the runbook does it (docs/operations.md), through the real Secrets
 * Manager client against a stand-in speaking its protocol: containers cold-started before the
 * rotation keep the old version as current, those started after have the new one, and each opens
 * (or checks) what the other sealed (or signed). Secrets Manager's calls are counted, not timed.
 */
const secretsManager = new SecretsManagerStandIn();
const webhookKey = secretsManager.add('delivery-api-webhook-secrets-key', 'the first webhook secrets key, 64 characters long, made by the test');
const cursorKey = secretsManager.add('delivery-api-cursor-signing-key', 'the first cursor signing key, 64 characters long, made by the test.');

allowLoopbackReceivers();
beforeAll(async () => {
  await secretsManager.start();
  // The SDK signs with credentials from the environment; the stand-ins take any. Set before the
  // table's runtime and the server's handlers read their configuration.
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'test');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test');
  vi.stubEnv('WEBHOOK_SECRETS_KEY_ARN', webhookKey.arn);
  vi.stubEnv('CURSOR_SIGNING_KEY_ARN', cursorKey.arn);
  vi.stubEnv('SECRETS_MANAGER_ENDPOINT', secretsManager.url);
});
const api = useLocalApi();
afterAll(async () => {
  await secretsManager.stop();
  vi.unstubAllEnvs();
});
const receiver = useReceivers();

/** A function's runtime as a container cold-started now would build it (its own key ring, empty). */
const coldStart = (env: Record<string, string> = {}): Runtime => createRuntime(readConfig({ ...process.env, ...env }));

/** The stand-in's reads since `mark`, sorted (calls made together answer in any order). */
const readsSince = (secret: StandInSecret, mark: number) => secret.reads().slice(mark).sort();

/** The local server as a container of every route cold-started now: fresh modules, so fresh key rings. */
async function coldServer(): Promise<{ url: string; close(): Promise<void> }> {
  vi.resetModules();
  const { startHttpServer } = await import('../../bin/local/http-server.ts');
  const { server, url } = await startHttpServer({ host: '127.0.0.1', port: 0 });
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A new endpoint for `merchant`, made through the server at `url`: its id and its secret. */
async function createEndpoint(merchant: TestMerchant, url: string, receiver: Receiver): Promise<{ id: string; secret: string }> {
  const response = await fetch(`${url}/v1/webhook-endpoints`, {
    method: 'POST',
    headers: authHeaders(merchant.apiKey),
    body: JSON.stringify({ url: receiver.url, eventTypes: ['job.created'] }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: string; secret: string } }).data;
}

/** What `receiver` got, each verified with the endpoint's secret as a merchant's Standard Webhooks library does: the job ids. */
const verifiedJobIds = (receiver: Receiver, secret: string) =>
  receiver.received.map(
    (request) => (new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { data: { job: { id: string } } }).data.job.id,
  );

describe('a rotation of the webhook secrets key', () => {
  it('leaves a container started before it and one started after each opening what the other sealed, v1 values too', async () => {
    const before = coldStart();
    const first = webhookKey.staged('AWSCURRENT')!;
    const sealedBefore = await before.webhookSecrets.seal('whsec_before', 'we_1');
    // A value sealed before keys had versions, under the key that was then current.
    const legacy = new SecretBox(first.value).seal('whsec_legacy', 'we_1');
    const mark = webhookKey.reads().length;

    const second = webhookKey.rotate('the second webhook secrets key, 64 characters long, made by the test');
    const after = coldStart();
    const sealedAfter = await after.webhookSecrets.seal('whsec_after', 'we_1');
    const sealedByBeforeStill = await before.webhookSecrets.seal('whsec_before_again', 'we_1');

    expect(sealedBefore.startsWith(`v2.${first.id}.`)).toBe(true);
    expect(sealedAfter.startsWith(`v2.${second.id}.`)).toBe(true);
    // The container of before holds its current version until KEY_REFRESH_MS has passed.
    expect(sealedByBeforeStill.startsWith(`v2.${first.id}.`)).toBe(true);
    expect(await before.webhookSecrets.open(sealedAfter, 'we_1')).toBe('whsec_after');
    expect(await after.webhookSecrets.open(sealedBefore, 'we_1')).toBe('whsec_before');
    expect(await after.webhookSecrets.open(sealedByBeforeStill, 'we_1')).toBe('whsec_before_again');
    expect(await before.webhookSecrets.open(legacy, 'we_1')).toBe('whsec_legacy');
    expect(await after.webhookSecrets.open(legacy, 'we_1')).toBe('whsec_legacy');
    await expect(after.webhookSecrets.open(sealedBefore, 'we_2')).rejects.toThrow('Does not open');
    // After: its current version once, the first version once by id; AWSPREVIOUS once for the v1 value.
    // Before: the second version once by id. Nothing asked twice.
    expect(readsSince(webhookKey, mark)).toEqual([`stage:AWSCURRENT`, `id:${first.id}`, `id:${second.id}`, 'stage:AWSPREVIOUS'].sort());
  });

  it('keeps v1 values openable after any number of rotations once their version is labelled SEALED-V1, as the runbook says', async () => {
    const sealedUnder = webhookKey.staged('AWSCURRENT')!;
    const legacy = new SecretBox(sealedUnder.value).seal('whsec_legacy', 'we_9');
    webhookKey.label(V1_LABEL, sealedUnder.id);
    webhookKey.rotate('a webhook secrets key two rotations on, 64 characters long, by the test');
    webhookKey.rotate('a webhook secrets key three rotations on, 64 characters long, by the test');
    const mark = webhookKey.reads().length;

    const opened = await coldStart().webhookSecrets.open(legacy, 'we_9');

    expect(opened).toBe('whsec_legacy');
    expect(sealedUnder.stages).toEqual([V1_LABEL]);
    expect(webhookKey.reads().slice(mark)).toEqual(['stage:AWSCURRENT', 'stage:AWSPREVIOUS', `stage:${V1_LABEL}`]);
  });

  it('reaches a sealing container without a deploy: its current version is read again after KEY_REFRESH_MS, once', async () => {
    let now = Date.now();
    const ring = new SecretsManagerKeyRing({ secretArn: webhookKey.arn, region: 'ap-south-1', endpoint: secretsManager.url }, () => now);
    const held = await ring.current();
    const mark = webhookKey.reads().length;
    const next = webhookKey.rotate('the next webhook secrets key, 64 characters long, made by the test..');

    const stillHeld = await Promise.all([ring.current(), ring.current()]);
    now += KEY_REFRESH_MS - 1;
    const lastHeld = await ring.current();
    now += 1;
    const refreshed = await Promise.all([ring.current(), ring.current(), ring.current()]);
    const byIdAfterwards = await ring.version(next.id);

    expect(stillHeld.map((key) => key.version)).toEqual([held.version, held.version]);
    expect(lastHeld.version).toBe(held.version);
    expect(refreshed.map((key) => key.version)).toEqual([next.id, next.id, next.id]);
    expect(byIdAfterwards).toEqual({ version: next.id, material: next.value });
    expect(webhookKey.reads().slice(mark)).toEqual(['stage:AWSCURRENT']);
  });

  it('keeps sealing under the version it holds while Secrets Manager is unreachable at a refresh, and reads again 30 s later', async () => {
    let now = Date.now();
    const ring = new SecretsManagerKeyRing({ secretArn: webhookKey.arn, region: 'ap-south-1', endpoint: secretsManager.url }, () => now);
    const held = await ring.current();
    const next = webhookKey.rotate('a webhook secrets key put during an outage, 64 characters, by the test');
    secretsManager.unavailable = true;
    now += KEY_REFRESH_MS;
    const mark = webhookKey.reads().length;

    const duringOutage = await ring.current();
    const callsOfTheFailedRefresh = webhookKey.reads().length - mark;
    now += REFRESH_RETRY_MS - 1;
    const beforeRetry = await ring.current();
    const callsBeforeRetry = webhookKey.reads().length - mark;
    secretsManager.unavailable = false;
    now += 1;
    const afterRetry = await ring.current();

    expect([duringOutage.version, beforeRetry.version, afterRetry.version]).toEqual([held.version, held.version, next.id]);
    // The SDK's own attempts (3) for the failed refresh, none while waiting to retry, one for the retry.
    expect([callsOfTheFailedRefresh, callsBeforeRetry, webhookKey.reads().length - mark]).toEqual([3, 3, 4]);
  });

  it('answers a container that holds no version yet with ServiceUnavailableError (503: try again) while Secrets Manager is unreachable', async () => {
    secretsManager.unavailable = true;
    const sealing = coldStart()
      .webhookSecrets.seal('whsec_never', 'we_1')
      .finally(() => (secretsManager.unavailable = false));

    await expect(sealing).rejects.toBeInstanceOf(ServiceUnavailableError);
  });

  it('loses no delivery: endpoints sealed before and after it reach their receivers, sent by senders holding either version', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const [r1, r2, r3] = await Promise.all([receiver(), receiver(), receiver()]);
    const oldVersion = webhookKey.staged('AWSCURRENT')!;
    // The route functions' container, cold-started before the rotation (the test's server).
    const mark = webhookKey.reads().length;
    const sealedBefore = await createEndpoint(merchant, api.server.url, r1!);
    const senderBefore = coldStart();
    const firstJob = (await merchant.bookJob()).id;
    await relayTick(api.table.rt, new Date());
    expect(await deliverTick(senderBefore, new Date())).toMatchObject({ failed: 0 });
    const readsBefore = readsSince(webhookKey, mark);

    const newVersion = webhookKey.rotate('the webhook secrets key after the rotation, 64 characters, by the test');
    const afterMark = webhookKey.reads().length;
    const server = await coldServer();
    const sealedAfter = await createEndpoint(merchant, server.url, r2!);
    // The warm container of before still seals under the old version (within KEY_REFRESH_MS).
    const sealedByWarm = await createEndpoint(merchant, api.server.url, r3!);
    await server.close();
    const senderAfter = coldStart();
    const secondJob = (await merchant.bookJob()).id;
    await relayTick(api.table.rt, new Date());
    const byOldSender = await deliverTick(senderBefore, new Date());
    const thirdJob = (await merchant.bookJob()).id;
    await relayTick(api.table.rt, new Date());
    const byNewSender = await deliverTick(senderAfter, new Date());

    expect(byOldSender).toMatchObject({ failed: 0 });
    expect(byNewSender).toMatchObject({ failed: 0 });
    expect(verifiedJobIds(r1!, sealedBefore.secret)).toEqual([firstJob, secondJob, thirdJob]);
    expect(verifiedJobIds(r2!, sealedAfter.secret)).toEqual([secondJob, thirdJob]);
    expect(verifiedJobIds(r3!, sealedByWarm.secret)).toEqual([secondJob, thirdJob]);
    const stored = await Promise.all([sealedBefore, sealedAfter, sealedByWarm].map((e) => api.table.rt.webhooks.get(merchant.storeId, e.id)));
    expect(stored.map((e) => e!.secrets[0]!.sealed.split('.').slice(0, 2).join('.'))).toEqual([
      `v2.${oldVersion.id}`,
      `v2.${newVersion.id}`,
      `v2.${oldVersion.id}`,
    ]);
    // One read per cold start and version: the route container's current version (it seals, and its
    // id serves any opening after), the old sender's first version by id; after the rotation, the
    // new route container's current version, the old sender's new version by id, the new sender's two.
    expect(readsBefore).toEqual(['stage:AWSCURRENT', `id:${oldVersion.id}`].sort());
    expect(readsSince(webhookKey, afterMark)).toEqual(['stage:AWSCURRENT', `id:${newVersion.id}`, `id:${oldVersion.id}`, `id:${newVersion.id}`].sort());
  });
});

describe('a rotation of the cursor signing key', () => {
  it('lets a client page on across it with a cursor signed before, and still refuses one signed by neither version', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    await merchant.bookJob();
    const firstPage = await merchant.get('/v1/ledger?limit=1');
    const cursor = (firstPage.body as { nextCursor: string }).nextCursor;
    cursorKey.rotate('the cursor signing key after the rotation, 64 characters long, by the test');
    const mark = cursorKey.reads().length;
    const server = await coldServer();

    const get = (query: string) => fetch(`${server.url}/v1/ledger${query}`, { headers: { 'X-Api-Key': merchant.apiKey } });
    const next = await get(`?limit=1&after=${cursor}`);
    const forged = Buffer.from(JSON.stringify([...JSON.parse(Buffer.from(cursor, 'base64url').toString()).slice(0, 3), 'A'.repeat(22)])).toString('base64url');
    const refused = await get(`?limit=1&after=${forged}`);
    const again = await get(`?limit=1&after=${cursor}`);
    await server.close();

    expect(firstPage.status).toBe(200);
    expect(next.status).toBe(200);
    expect(again.status).toBe(200);
    expect(refused.status).toBe(400);
    // The new container: its current version, and the previous one once (the forged cursor asks for nothing more).
    expect(readsSince(cursorKey, mark)).toEqual(['stage:AWSCURRENT', 'stage:AWSPREVIOUS']);
  });
});

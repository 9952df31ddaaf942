import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { dispatchOnce, newFleetMember, type TestFleetMember } from '../helpers/fleet.ts';
import { createStore, BENGALURU_DROP_PLACE, BENGALURU_PICKUP_PLACE, keysDeep } from '../helpers/fixtures.ts';
import { captureLogs } from '../helpers/logs.ts';
import { AT, ID } from '../helpers/job-detail.ts';
import { logger } from '../../functions/http/logger.ts';
import { FLEET_RATE_LIMIT } from '../../functions/http/routes.ts';

const api = useLocalApi();

type Body = Record<string, unknown>;
type Offer = { id: string; offeredAt: string };
type FleetJobBody = { data: Body & { id: string; status: string; events: Array<{ status: string; createdAt: string }> } };

const WELL_FORMED_UNKNOWN_RIDER_KEY = `fk_rider_${'0'.repeat(32)}`;
const WELL_FORMED_UNKNOWN_OPS_KEY = `fk_ops_${'A'.repeat(32)}`;

/** A fleet request with exactly these headers (no helper adds any). */
const fleetRequest = async (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string) =>
  readResponse(await api.server.request(path, { method, headers, ...(body !== undefined && { body }) }));


const FRESH_HANDOFF = { status: 'pending', expiresAt: null, verifiedAt: null, attemptsRemaining: 5 };

// A live store with room for many jobs, shared by the tests of this file.
let merchant: TestMerchant;
beforeAll(async () => {
  merchant = await newMerchant(api.table.rt, api.server, { creditMinor: 10_000_000 });
});

/** A live job on offer (`queued`). */
async function queuedJob(): Promise<string> {
  const job = await merchant.bookJob();
  await dispatchOnce(api.table.rt);
  return job.id;
}

/** A live job on offer, accepted by `rider`. */
async function acceptedJob(rider: TestFleetMember): Promise<string> {
  const id = await queuedJob();
  const accepted = await rider.post(`/fleet/v1/jobs/${id}/accept`);
  expect(accepted.status).toBe(200);
  return id;
}

/** The merchant's view of a job. */
async function merchantView(id: string): Promise<Body> {
  return ((await merchant.get(`/v1/jobs/${id}`)).body as { data: Body }).data;
}

describe('fleet authentication', () => {
  const routes = [
    ['GET', '/fleet/v1/offers'],
    ['POST', `/fleet/v1/jobs/${randomUUID()}/accept`],
  ] as const;

  it.each(routes)('returns 401 on %s %s when Authorization is missing', async (method, path) => {
    const response = await fleetRequest(method, path, {});

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Missing fleet key: send it as "Authorization: Bearer fk_…"', code: 'unauthorized' });
    expect(response.headers.get('ratelimit-limit')).toBeNull();
  });

  it.each(routes)('returns 401 on %s %s for a merchant key sent as a bearer token', async (method, path) => {
    const store = await createStore(api.table.rt);

    const response = await fleetRequest(method, path, { Authorization: `Bearer ${store.apiKey}` });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Invalid fleet key', code: 'unauthorized' });
  });

  it.each(routes)('returns 401 on %s %s for a valid merchant key in X-Api-Key and no Authorization', async (method, path) => {
    const store = await createStore(api.table.rt);

    const response = await fleetRequest(method, path, { 'X-Api-Key': store.apiKey });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Missing fleet key: send it as "Authorization: Bearer fk_…"', code: 'unauthorized' });
  });

  const malformed = (key: string) => [
    ['the key without "Bearer"', key],
    ['Basic credentials', `Basic ${Buffer.from(`user:${key}`).toString('base64')}`],
    ['Basic with the fleet key', `Basic ${key}`],
    ['a rider key one character short', `Bearer ${key.slice(0, -1)}`],
    ['a rider key one character long', `Bearer ${key}x`],
    ['an unknown role prefix', `Bearer fk_admin_${key.slice(-32)}`],
    ['a non-base62 character', `Bearer ${key.slice(0, -1)}-`],
    ['"Bearer" and nothing else', 'Bearer'],
    ['two tokens', `Bearer ${key} ${key}`],
  ];

  it.each(routes)('returns 401 on %s %s for every malformed Authorization value, even around a valid key', async (method, path) => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    for (const [what, value] of malformed(rider.fleetKey)) {
      const response = await fleetRequest(method, path, { Authorization: value! });

      expect({ what, status: response.status, body: response.body }).toEqual({ what, status: 401, body: { error: 'Invalid fleet key', code: 'unauthorized' } });
    }
  });

  it.each(routes)('returns 401 on %s %s for well-formed fleet keys that were never issued', async (method, path) => {
    for (const key of [WELL_FORMED_UNKNOWN_RIDER_KEY, WELL_FORMED_UNKNOWN_OPS_KEY]) {
      const response = await fleetRequest(method, path, { Authorization: `Bearer ${key}` });

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Invalid fleet key', code: 'unauthorized' });
    }
  });

  it.each(routes)('returns 401 on %s %s for a revoked fleet key, saying it was revoked', async (method, path) => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    await api.table.rt.fleetKeys.revoke(rider.keyId);
    await api.table.rt.fleetKeys.revoke(ops.keyId);

    const riderResponse = await fleetRequest(method, path, { Authorization: `Bearer ${rider.fleetKey}` });
    const opsResponse = await fleetRequest(method, path, { Authorization: `Bearer ${ops.fleetKey}` });

    expect(riderResponse.status).toBe(401);
    expect(riderResponse.body).toEqual({ error: 'This fleet key has been revoked', code: 'unauthorized' });
    expect(opsResponse.status).toBe(401);
    expect(opsResponse.body).toEqual({ error: 'This fleet key has been revoked', code: 'unauthorized' });
  });

  it('accepts the Bearer scheme in any letter case', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const lower = await fleetRequest('GET', '/fleet/v1/offers', { authorization: `bearer ${rider.fleetKey}` });
    const upper = await fleetRequest('GET', '/fleet/v1/offers', { AUTHORIZATION: `BEARER ${rider.fleetKey}` });

    expect(lower.status).toBe(200);
    expect(upper.status).toBe(200);
  });

  it('leaves a rider’s other keys working when one of them is revoked', async () => {
    const first = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-two-keys');
    const second = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-two-keys');
    await api.table.rt.fleetKeys.revoke(first.keyId);

    const revoked = await first.get('/fleet/v1/offers');
    const other = await second.get('/fleet/v1/offers');

    expect(revoked.status).toBe(401);
    expect(other.status).toBe(200);
  });
});

describe('fleet keys on the merchant API', () => {
  it('returns 401 for a rider key in X-Api-Key', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await readResponse(await api.server.request('/v1/balance', { headers: { 'X-Api-Key': rider.fleetKey } }));

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Invalid API key', code: 'unauthorized' });
  });

  it('returns 401 for an operations key in X-Api-Key on a write route', async () => {
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');

    const response = await readResponse(await api.server.request('/v1/job-quotes', { method: 'POST', headers: { 'X-Api-Key': ops.fleetKey, 'Content-Type': 'application/json' }, body: '{}' }));

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Invalid API key', code: 'unauthorized' });
  });

  it('returns 401 for a fleet key sent only as Authorization: Bearer', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await readResponse(await api.server.request('/v1/balance', { headers: { Authorization: `Bearer ${rider.fleetKey}` } }));

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Missing API key: send it in the X-Api-Key header', code: 'unauthorized' });
  });
});

describe('fleet roles', () => {
  it.each(['reset-lock', 'reissue-code'])('returns 403 to a rider key on the operations route …/handoffs/pickup/%s', async (action) => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const id = await acceptedJob(rider);

    const response = await rider.post(`/fleet/v1/jobs/${id}/handoffs/pickup/${action}`);

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'This route is for fleet operations keys', code: 'forbidden' });
  });

  it.each(['accept', 'start-confirmation', 'confirm', 'decline'])('returns 403 to an operations key on the rider route …/%s and leaves the job as it was', async (action) => {
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const id = await queuedJob();

    const response = await ops.post(`/fleet/v1/jobs/${id}/${action}`);

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'This route is for rider keys', code: 'forbidden' });
    expect(await merchantView(id)).toMatchObject({ status: 'queued', agentId: null });
  });

  it('lets operations read any live job: on offer, accepted by a rider, or not yet dispatched', async () => {
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const rider = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-seen-by-ops');
    const queued = await queuedJob();
    const accepted = await acceptedJob(rider);
    const created = (await merchant.bookJob()).id;

    const responses = await Promise.all([queued, accepted, created].map((id) => ops.get(`/fleet/v1/jobs/${id}`)));

    expect(responses.map((r) => [r.status, (r.body as FleetJobBody).data.status])).toEqual([
      [200, 'queued'],
      [200, 'picked_by_agent'],
      [200, 'created'],
    ]);
    expect((responses[1]!.body as FleetJobBody).data).toMatchObject({ agentId: 'rider-seen-by-ops', pickup: { name: 'Chai Point, MG Road', phone: '+919876543210' } });
  });

  it('lets operations list the offers', async () => {
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const id = await queuedJob();

    const response = await ops.get('/fleet/v1/offers?limit=50');

    expect(response.status).toBe(200);
    expect((response.body as { data: Offer[] }).data.map((offer) => offer.id)).toContain(id);
  });
});

describe('which jobs the fleet can see', () => {
  it('returns 404 job_not_found to a rider reading or taking another rider’s accepted job', async () => {
    const riderA = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-a');
    const riderB = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-b');
    const id = await acceptedJob(riderA);

    const read = await riderB.get(`/fleet/v1/jobs/${id}`);
    const take = await riderB.post(`/fleet/v1/jobs/${id}/accept`);
    const own = await riderA.get(`/fleet/v1/jobs/${id}`);

    expect(read.status).toBe(404);
    expect(read.body).toEqual({ error: `No job ${id} on offer or assigned to this key`, code: 'job_not_found' });
    expect(take.status).toBe(404);
    expect(take.body).toEqual({ error: `No job ${id} on offer or assigned to this key`, code: 'job_not_found' });
    expect(own.status).toBe(200);
    expect(await merchantView(id)).toMatchObject({ status: 'picked_by_agent', agentId: 'rider-a' });
  });

  it('returns 404 to a rider for a live job that is not yet on offer', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id } = await merchant.bookJob();

    const response = await rider.get(`/fleet/v1/jobs/${id}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: `No job ${id} on offer or assigned to this key`, code: 'job_not_found' });
  });

  it('never shows a sandbox store’s job, even one the simulator has queued, to riders or operations', async () => {
    const sandbox = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const { id } = await sandbox.bookJob();
    await api.table.rt.jobs.apply(sandbox.storeId, id, { type: 'dispatch' }, 'simulator');
    await dispatchOnce(api.table.rt);
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const notFound = { error: `No job ${id} on offer or assigned to this key`, code: 'job_not_found' };

    const riderRead = await rider.get(`/fleet/v1/jobs/${id}`);
    const opsRead = await ops.get(`/fleet/v1/jobs/${id}`);
    const riderTake = await rider.post(`/fleet/v1/jobs/${id}/accept`);
    const riderOffers = await rider.get('/fleet/v1/offers?limit=50');
    const opsOffers = await ops.get('/fleet/v1/offers?limit=50');

    expect(await api.table.rt.jobs.get(sandbox.storeId, id)).toMatchObject({ status: 'queued', testMode: true });
    expect([riderRead, opsRead, riderTake].map((r) => [r.status, r.body])).toEqual([
      [404, notFound],
      [404, notFound],
      [404, notFound],
    ]);
    expect((riderOffers.body as { data: Offer[] }).data.map((offer) => offer.id)).not.toContain(id);
    expect((opsOffers.body as { data: Offer[] }).data.map((offer) => offer.id)).not.toContain(id);
    expect(await api.table.rt.jobs.get(sandbox.storeId, id)).toMatchObject({ status: 'queued', agentId: null });
  });

  it('returns 404 for a well-formed job id that does not exist, to riders and operations', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const id = randomUUID();

    const riderRead = await rider.get(`/fleet/v1/jobs/${id}`);
    const opsRead = await ops.get(`/fleet/v1/jobs/${id}`);
    const riderTake = await rider.post(`/fleet/v1/jobs/${id}/accept`);

    for (const response of [riderRead, opsRead, riderTake]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: `No job ${id} on offer or assigned to this key`, code: 'job_not_found' });
    }
  });

  it('finds a job by its id in upper case', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const id = await queuedJob();

    const response = await rider.get(`/fleet/v1/jobs/${id.toUpperCase()}`);

    expect(response.status).toBe(200);
    expect((response.body as FleetJobBody).data.id).toBe(id);
  });

  it.each([
    ['GET', 'not-a-uuid'],
    ['GET', '12345'],
    ['POST', 'not-a-uuid'],
  ] as const)('returns 400 validation_error naming id for %s with the job id %s', async (method, id) => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = method === 'GET' ? await rider.get(`/fleet/v1/jobs/${id}`) : await rider.post(`/fleet/v1/jobs/${id}/accept`);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Invalid path: check id', code: 'validation_error', details: { formErrors: [], fieldErrors: { id: ['Must be a job id (a UUID)'] } } });
  });
});

describe('fleet routing', () => {
  it('returns 404 not_found for an unknown fleet path', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await rider.get('/fleet/v1/riders');

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'No route for GET /fleet/v1/riders', code: 'not_found' });
  });

  it('returns 405 with Allow for a fleet path and the wrong method', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await rider.get(`/fleet/v1/jobs/${randomUUID()}/accept`);

    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(response.body).toEqual({ error: expect.stringMatching(/^GET is not allowed on \/fleet\/v1\/jobs\/[0-9a-f-]{36}\/accept; use POST$/), code: 'method_not_allowed' });
  });

  // The path parameter cannot be decoded, so it cannot be a job id: a client error, not a 500.
  it('returns 400 validation_error for a job id with broken percent-encoding', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await rider.get('/fleet/v1/jobs/%zz');

    expect([response.status, (response.body as Body).code]).toEqual([400, 'validation_error']);
  });
});

describe('fleet request validation', () => {
  let rider: TestFleetMember;
  let jobId: string;
  beforeAll(async () => {
    rider = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-validation');
    jobId = await acceptedJob(rider);
  });

  it.each([
    ['latitude above 90', { latitude: 91, longitude: 77.6 }, 'latitude'],
    ['latitude below -90', { latitude: -90.5, longitude: 77.6 }, 'latitude'],
    ['longitude below -180', { latitude: 12.9, longitude: -181 }, 'longitude'],
    ['longitude above 180', { latitude: 12.9, longitude: 180.01 }, 'longitude'],
    ['negative accuracy', { latitude: 12.9, longitude: 77.6, accuracy: -1 }, 'accuracy'],
    ['accuracy above 10 km', { latitude: 12.9, longitude: 77.6, accuracy: 10_001 }, 'accuracy'],
    ['latitude as a string', { latitude: '12.9', longitude: 77.6 }, 'latitude'],
    ['missing longitude', { latitude: 12.9 }, 'longitude'],
  ])('returns 400 validation_error for a location with %s', async (_what, body, field) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/location`, body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: `Invalid request body: check ${field}`, code: 'validation_error', details: { formErrors: [], fieldErrors: { [field]: [expect.any(String)] } } });
  });

  it('says "Required" for a missing latitude', async () => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/location`, { longitude: 77.6 });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Invalid request body: check latitude', code: 'validation_error', details: { formErrors: [], fieldErrors: { latitude: ['Required'] } } });
  });

  it('names an unknown field in a location', async () => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/location`, { latitude: 12.9, longitude: 77.6, speed: 12 });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Invalid request body: check speed', code: 'validation_error', details: { formErrors: [], fieldErrors: { speed: ['Unknown field'] } } });
  });

  it('leaves the job untouched after a refused location', async () => {
    const before = await merchantView(jobId);

    await rider.post(`/fleet/v1/jobs/${jobId}/location`, { latitude: 91, longitude: 77.6 });

    expect(await merchantView(jobId)).toEqual(before);
  });

  it('takes a location with accuracy null or left out', async () => {
    const withNull = await rider.post(`/fleet/v1/jobs/${jobId}/location`, { latitude: 12.97, longitude: 77.61, accuracy: null });
    const without = await rider.post(`/fleet/v1/jobs/${jobId}/location`, { latitude: 12.98, longitude: 77.62 });

    expect(withNull.status).toBe(200);
    expect(without.status).toBe(200);
    expect((without.body as FleetJobBody).data.riderLocation).toEqual({ latitude: 12.98, longitude: 77.62, accuracy: null, recordedAt: AT });
  });

  it.each([
    ['a letter in it', '12a4'],
    ['five digits', '12345'],
    ['three digits', '123'],
    ['spaces around it', ' 1234 '],
    ['the empty string', ''],
  ])('returns 400 validation_error for a handoff code with %s', async (_what, code) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/handoffs/pickup/code`, { code });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Invalid request body: check code', code: 'validation_error', details: { formErrors: [], fieldErrors: { code: ['Must be the four-digit code'] } } });
  });

  it.each([
    ['a number', { code: 1234 }],
    ['null', { code: null }],
    ['no code', {}],
  ])('returns 400 validation_error for a handoff code given as %s', async (_what, body) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/handoffs/delivery/code`, body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Invalid request body: check code', code: 'validation_error', details: { formErrors: [], fieldErrors: { code: [expect.any(String)] } } });
  });

  it('does not count a malformed code as a wrong try', async () => {
    await rider.post(`/fleet/v1/jobs/${jobId}/handoffs/pickup/code`, { code: '12a4' });

    const job = await rider.get(`/fleet/v1/jobs/${jobId}`);

    expect((job.body as FleetJobBody).data.verification).toEqual({ pickup: FRESH_HANDOFF, delivery: FRESH_HANDOFF });
  });

  it.each([
    ['empty', { reason: '' }],
    ['only whitespace', { reason: ' \t\n ' }],
    ['over 500 characters', { reason: 'x'.repeat(501) }],
    ['not a string', { reason: 42 }],
    ['missing', {}],
  ])('returns 400 validation_error for a failure reason that is %s', async (_what, body) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/fail`, body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Invalid request body: check reason', code: 'validation_error', details: { formErrors: [], fieldErrors: { reason: [expect.any(String)] } } });
    expect(await merchantView(jobId)).toMatchObject({ status: 'picked_by_agent' });
  });

  it.each(['arrive', 'code'])('returns 400 validation_error naming handoff for …/handoffs/parcel/%s', async (action) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/handoffs/parcel/${action}`, action === 'code' ? { code: '1234' } : undefined);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Invalid path: check handoff', code: 'validation_error', details: { formErrors: [], fieldErrors: { handoff: ['Must be pickup or delivery'] } } });
  });

  it.each([
    ['location', '{"latitude": 12.9,'],
    ['location', "{latitude: 12.9, longitude: 77.6}"],
    ['fail', 'reason=lost'],
  ])('returns 400 invalid_json for a body on …/%s that is not JSON (%s)', async (action, body) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/${action}`, body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Request body is not valid JSON', code: 'invalid_json' });
  });

  it.each([
    ['location', undefined],
    ['location', ''],
    ['fail', '   '],
    ['handoffs/pickup/code', undefined],
  ])('returns 400 validation_error for …/%s with no body (%j)', async (action, body) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/${action}`, body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Request body is required', code: 'validation_error', details: { formErrors: ['Send a JSON object as the request body'], fieldErrors: {} } });
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"12.9,77.6"'],
    ['null', 'null'],
  ])('returns 400 validation_error for a location body that is %s', async (_what, body) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/location`, body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Invalid request body', code: 'validation_error', details: { formErrors: [expect.any(String)], fieldErrors: {} } });
  });
});

describe('GET /fleet/v1/offers', () => {
  it('lists only queued live jobs, longest waiting first, each as where and what without names or phones', async () => {
    // Prepare: two offers, one of them given back later (so its wait starts again), one taken, one not dispatched
    const rider = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-offers');
    const viewer = await newFleetMember(api.table.rt, api.server, 'rider');
    const requeued = (await merchant.bookJob()).id;
    const waiting = (await merchant.bookJob()).id;
    const taken = (await merchant.bookJob()).id;
    await dispatchOnce(api.table.rt);
    expect((await rider.post(`/fleet/v1/jobs/${requeued}/accept`)).status).toBe(200);
    expect((await rider.post(`/fleet/v1/jobs/${requeued}/decline`)).status).toBe(200);
    expect((await rider.post(`/fleet/v1/jobs/${taken}/accept`)).status).toBe(200);
    const undispatched = (await merchant.bookJob()).id;

    // Act
    const response = await viewer.get('/fleet/v1/offers?limit=50');

    // Assess
    expect(response.status).toBe(200);
    const { data, limit } = response.body as { data: Array<Offer & Body>; limit: number };
    expect(limit).toBe(50);
    const ids = data.map((offer) => offer.id);
    expect(ids.filter((id) => [requeued, waiting, taken, undispatched].includes(id))).toEqual([waiting, requeued]);
    expect(data.map((offer) => offer.offeredAt)).toEqual(data.map((offer) => offer.offeredAt).sort());
    const queuedAt = (id: string) => merchantView(id).then((job) => (job.events as Array<{ status: string; createdAt: string }>).findLast((event) => event.status === 'queued')!.createdAt);
    expect(data.find((offer) => offer.id === waiting)).toEqual({
      id: waiting,
      offeredAt: await queuedAt(waiting),
      pickup: BENGALURU_PICKUP_PLACE,
      drop: BENGALURU_DROP_PLACE,
      distanceMeters: 4834,
      pickupDistanceMeters: null,
      packageDescription: 'Documents',
      packageWeight: '750 g',
    });
    expect(data.find((offer) => offer.id === requeued)!.offeredAt).toBe(await queuedAt(requeued));
    expect(keysDeep(data).filter((key) => /^(name|phone|code)$|(Name|Phone)$/.test(key))).toEqual([]);
  });

  it('honours limit', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    await queuedJob();
    await queuedJob();

    const one = await rider.get('/fleet/v1/offers?limit=1');
    const all = await rider.get('/fleet/v1/offers?limit=50');

    // Offers queued in the same dispatch pass wait equally long; any of them may come first.
    expect(one.status).toBe(200);
    expect((one.body as { limit: number }).limit).toBe(1);
    const [first, ...rest] = (one.body as { data: Offer[] }).data;
    expect(rest).toEqual([]);
    expect(first!.offeredAt).toBe((all.body as { data: Offer[] }).data[0]!.offeredAt);
    expect((all.body as { data: Offer[] }).data.length).toBeGreaterThanOrEqual(2);
  });

  it('lists 20 at most unless told', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await rider.get('/fleet/v1/offers');

    expect(response.status).toBe(200);
    expect((response.body as { limit: number }).limit).toBe(20);
    expect((response.body as { data: Offer[] }).data.length).toBeLessThanOrEqual(20);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=51', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['page=2', 'page'],
    ['limit=5&status=queued', 'status'],
  ])('returns 400 validation_error for ?%s', async (query, field) => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await rider.get(`/fleet/v1/offers?${query}`);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: `Invalid query parameters: check ${field}`,
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { [field]: [field === 'limit' ? expect.any(String) : 'Unknown field'] } },
    });
  });
});

describe('a job as the fleet sees it', () => {
  it('hides names and phones while the job is on offer and shows them, normalised, once the rider holds it; never any code', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-contacts');
    const id = await queuedJob();

    const offered = await rider.get(`/fleet/v1/jobs/${id}`);
    const accepted = await rider.post(`/fleet/v1/jobs/${id}/accept`);
    const read = await rider.get(`/fleet/v1/jobs/${id}`);

    const events = [
      { id: ID, status: 'created', actor: 'merchant', note: null, createdAt: AT },
      { id: ID, status: 'queued', actor: 'system', note: null, createdAt: AT },
    ];
    const common = { id, distanceMeters: 4834, packageDescription: 'Documents', packageWeight: '750 g', riderLocation: null, verification: { pickup: FRESH_HANDOFF, delivery: FRESH_HANDOFF }, createdAt: AT, updatedAt: AT };
    expect(offered.status).toBe(200);
    expect(offered.body).toEqual({
      data: { ...common, status: 'queued', agentId: null, version: 2, pickup: { ...BENGALURU_PICKUP_PLACE, name: null, phone: null }, drop: { ...BENGALURU_DROP_PLACE, name: null, phone: null }, events },
    });
    const held = {
      data: {
        ...common,
        status: 'picked_by_agent',
        agentId: 'rider-contacts',
        version: 3,
        pickup: { ...BENGALURU_PICKUP_PLACE, name: 'Chai Point, MG Road', phone: '+919876543210' },
        drop: { ...BENGALURU_DROP_PLACE, name: 'Asha Rao', phone: '+919845012345' },
        events: [...events, { id: ID, status: 'picked_by_agent', actor: 'rider:rider-contacts', note: null, createdAt: AT }],
      },
    };
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual(held);
    expect(read.body).toEqual(held);
    expect([...keysDeep(offered.body), ...keysDeep(accepted.body), ...keysDeep(read.body)]).not.toContain('code');
  });

  it('never shows a handoff code, even while it is active at the door', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-at-door');
    const id = await acceptedJob(rider);
    await rider.post(`/fleet/v1/jobs/${id}/start-confirmation`);
    await rider.post(`/fleet/v1/jobs/${id}/confirm`);

    const arrived = await rider.post(`/fleet/v1/jobs/${id}/handoffs/pickup/arrive`);
    const read = await rider.get(`/fleet/v1/jobs/${id}`);

    expect(arrived.status).toBe(200);
    expect((read.body as FleetJobBody).data.verification).toEqual({ pickup: { status: 'active', expiresAt: AT, verifiedAt: null, attemptsRemaining: 5 }, delivery: FRESH_HANDOFF });
    expect((await merchantView(id)).verification).toMatchObject({ pickup: { status: 'active', code: expect.stringMatching(/^\d{4}$/) } });
    expect([...keysDeep(arrived.body), ...keysDeep(read.body)]).not.toContain('code');
  });
});

describe('per-key rate limit', () => {
  it('allows a fleet key exactly 120 requests a minute, also when they arrive at once', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const now = Date.now();

    const decisions = await Promise.all(Array.from({ length: 125 }, () => api.table.rt.rateLimits.consumeForFleetKey(rider.keyId, FLEET_RATE_LIMIT, now)));

    expect(FLEET_RATE_LIMIT).toEqual({ capacity: 120, periodMs: 60_000 });
    expect(decisions.filter((d) => d.allowed)).toHaveLength(120);
    expect(decisions.filter((d) => !d.allowed)).toEqual(Array(5).fill({ allowed: false, retryAfterSeconds: 1 }));
  });

  // The bucket refills one request every 0.5 s, so a run of requests gets its 120 and then a few
  // more as they refill before the first 429: what is counted is that none is refused before 120.
  it('answers 429 rate_limited with Retry-After once a key has used its 120 requests, and leaves other keys alone', async () => {
    const busy = await newFleetMember(api.table.rt, api.server, 'rider');
    const calm = await newFleetMember(api.table.rt, api.server, 'rider');
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');

    const answered: Array<Awaited<ReturnType<TestFleetMember['get']>>> = [];
    for (let i = 0; i < 400; i++) {
      const response = await busy.get('/fleet/v1/offers?limit=1');
      answered.push(response);
      if (response.status === 429) break;
    }
    const calmResponse = await calm.get('/fleet/v1/offers?limit=1');
    const opsResponse = await ops.get('/fleet/v1/offers?limit=1');

    const limited = answered.at(-1)!;
    const allowed = answered.slice(0, -1);
    expect(limited.status).toBe(429);
    expect(allowed.length).toBeGreaterThanOrEqual(120);
    expect(allowed.every((r) => r.status === 200)).toBe(true);
    expect([allowed[0]!.headers.get('ratelimit-limit'), allowed[0]!.headers.get('ratelimit-remaining')]).toEqual(['120', '119']);
    expect(limited.body).toEqual({ error: expect.stringMatching(/^Rate limit exceeded; retry in \d+ s$/), code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect([limited.headers.get('ratelimit-limit'), limited.headers.get('ratelimit-remaining')]).toEqual(['120', '0']);
    expect([calmResponse.status, calmResponse.headers.get('ratelimit-limit'), calmResponse.headers.get('ratelimit-remaining')]).toEqual([200, '120', '119']);
    expect([opsResponse.status, opsResponse.headers.get('ratelimit-remaining')]).toEqual([200, '119']);
  });

  it('sends the key’s limit and what is left of it on a fleet key’s first request to a job', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const id = await queuedJob();

    const first = await rider.get(`/fleet/v1/jobs/${id}`);

    expect(first.status).toBe(200);
    expect([first.headers.get('ratelimit-limit'), first.headers.get('ratelimit-remaining'), first.headers.get('ratelimit-reset')]).toEqual(['120', '119', '1']);
  });
});

describe('DynamoDB calls per fleet request (from the access log)', () => {
  beforeAll(() => {
    logger.setLogLevel('INFO');
  });

  afterAll(() => {
    logger.setLogLevel('SILENT');
  });

  it('cost a fixed number: read 4, accept 5, offers 4, assignments 4, and fewer for refusals', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-counted');
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const id = await queuedJob();

    const { raw, records } = await captureLogs(async () => {
      await rider.get(`/fleet/v1/jobs/${id}`);
      await rider.post(`/fleet/v1/jobs/${id}/accept`);
      await rider.get('/fleet/v1/offers');
      await rider.get('/fleet/v1/assignments');
      await rider.get(`/fleet/v1/jobs/${randomUUID()}`);
      await rider.post(`/fleet/v1/jobs/${id}/location`, { latitude: 91, longitude: 77.6 });
      await ops.post(`/fleet/v1/jobs/${id}/accept`);
      await fleetRequest('GET', '/fleet/v1/offers', { Authorization: `Bearer ${WELL_FORMED_UNKNOWN_RIDER_KEY}` });
      await fleetRequest('GET', '/fleet/v1/offers', {});
    });

    const access = records.filter((record) => record.message === 'request');
    expect(access.map((r) => [r.route, r.status, r.dynamoCalls])).toEqual([
      // fleet key, rate bucket, job pointer, job
      ['GET /fleet/v1/jobs/{id}', 200, 4],
      // the same, then one transaction (the job, conditioned on its version and the key still active)
      ['POST /fleet/v1/jobs/{id}/accept', 200, 5],
      // fleet key, rate bucket, the dispatch worklist Query, one BatchGet of its jobs
      ['GET /fleet/v1/offers', 200, 4],
      // fleet key, rate bucket, the rider's assignment items (Query), one BatchGet of their jobs
      ['GET /fleet/v1/assignments', 200, 4],
      // fleet key, rate bucket, job pointer (none)
      ['GET /fleet/v1/jobs/{id}', 404, 3],
      // fleet key, rate bucket; refused before any read
      ['POST /fleet/v1/jobs/{id}/location', 400, 2],
      // fleet key; the role is refused before the rate limit
      ['POST /fleet/v1/jobs/{id}/accept', 403, 1],
      ['GET /fleet/v1/offers', 401, 1],
      ['GET /fleet/v1/offers', 401, 0],
    ]);
    expect(access[0]).toMatchObject({ level: 'INFO', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), fleetKeyId: rider.keyId, fleetRole: 'rider', latencyMs: expect.any(Number) });
    expect(access[6]).toMatchObject({ fleetKeyId: ops.keyId, fleetRole: 'ops' });
    expect(raw).not.toContain(rider.fleetKey);
    expect(raw).not.toContain(ops.fleetKey);
  });
});

describe('GET /fleet/v1/offers near the rider', () => {
  // Whitefield, about 17 km east of the MG Road pickups of this file's other jobs.
  const WHITEFIELD = { latitude: 12.9698, longitude: 77.75 };

  it('lists the nearest pickups first with their distance, and only those within withinMeters', async () => {
    // Prepare: one offer picked up in Whitefield, the rest on MG Road
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    await queuedJob();
    const whitefield = await merchant.bookJob({ quote: { pickupAddress: 'ITPL Main Road, Whitefield', pickupLatitude: 12.9698, pickupLongitude: 77.7489, dropAddress: 'Hope Farm, Whitefield', dropLatitude: 12.9855, dropLongitude: 77.7305 } });
    await dispatchOnce(api.table.rt);
    const near = (query: string) => rider.get(`/fleet/v1/offers?latitude=${WHITEFIELD.latitude}&longitude=${WHITEFIELD.longitude}${query}`);

    // Act
    const sorted = await near('');
    const within = await near('&withinMeters=1000');

    // Assess: Whitefield first, ~120 m away; MG Road ones about 15.8 km
    const data = (sorted.body as { data: Array<Offer & { pickupDistanceMeters: number }> }).data;
    expect(sorted.status).toBe(200);
    expect(data[0]).toMatchObject({ id: whitefield.id, pickupDistanceMeters: 119 });
    expect(data.slice(1).every((offer) => offer.pickupDistanceMeters > 15_000 && offer.pickupDistanceMeters < 17_000)).toBe(true);
    expect(data.map((offer) => offer.pickupDistanceMeters)).toEqual(data.map((offer) => offer.pickupDistanceMeters).sort((a, b) => a - b));
    expect((within.body as { data: Offer[] }).data.map((offer) => offer.id)).toEqual([whitefield.id]);
  });

  it.each([
    ['latitude without longitude', '?latitude=12.97', 'longitude', 'Send latitude and longitude together'],
    ['longitude without latitude', '?longitude=77.6', 'latitude', 'Send latitude and longitude together'],
    ['withinMeters without a position', '?withinMeters=5000', 'withinMeters', 'Needs the rider’s latitude and longitude'],
  ])('returns 400 validation_error for %s', async (_what, query, field, message) => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await rider.get(`/fleet/v1/offers${query}`);

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_error', details: { fieldErrors: { [field]: [message] } } });
  });

  it.each([
    ['latitude', '?latitude=91&longitude=77.6'],
    ['latitude', '?latitude=north&longitude=77.6'],
    ['longitude', '?latitude=12.9&longitude=-181'],
    ['withinMeters', '?latitude=12.9&longitude=77.6&withinMeters=99'],
    ['withinMeters', '?latitude=12.9&longitude=77.6&withinMeters=1.5'],
  ])('returns 400 validation_error naming %s for %s', async (field, query) => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await rider.get(`/fleet/v1/offers${query}`);

    expect(response.status).toBe(400);
    expect((response.body as { details: { fieldErrors: Record<string, string[]> } }).details.fieldErrors[field]).toBeDefined();
  });
});

// Last in the file: it leaves more than 100 jobs on the dispatch worklist.
describe('GET /fleet/v1/offers with a long worklist', () => {
  it('lists the longest-waiting offers first even when they lie past the first 100 jobs of the worklist', async () => {
    // Prepare: fill the worklist (in booking order) just past 100 jobs; offer them all at once; then
    // every new job among the first 100 is taken and given back, so it waits less than the last one.
    const { rt } = api.table;
    const rider = await newFleetMember(rt, api.server, 'rider');
    await dispatchOnce(rt);
    const earlier = await rt.work.list('dispatch');
    const booked: string[] = [];
    for (let left = 100 - earlier.length + 1; left > 0; left -= 10) {
      booked.push(...(await Promise.all(Array.from({ length: Math.min(10, left) }, () => merchant.bookJob()))).map((job) => job.id));
    }
    const worklist = (await rt.work.list('dispatch')).map((item) => item.jobId);
    const pastFirstBatch = worklist.slice(100);
    const givenBack = worklist.slice(0, 100).filter((id) => booked.includes(id));
    await dispatchOnce(rt);
    for (const id of givenBack) {
      await rt.jobs.apply(merchant.storeId, id, { type: 'accept', agentId: 'rider-long-list' }, 'rider:rider-long-list');
      await rt.jobs.apply(merchant.storeId, id, { type: 'decline' }, 'rider:rider-long-list');
    }
    const olderOffers = earlier.length - (await Promise.all(earlier.map((item) => rt.jobs.get(item.storeId, item.jobId)))).filter((job) => job?.status !== 'queued').length;
    expect(pastFirstBatch).toHaveLength(1);
    expect(olderOffers).toBeLessThan(49);

    // Act
    const response = await rider.get('/fleet/v1/offers?limit=50');

    // Assess: older offers, then the job past the first 100, then the given-back ones
    expect(response.status).toBe(200);
    const ids = (response.body as { data: Offer[] }).data.map((offer) => offer.id);
    expect(ids).toHaveLength(50);
    expect(ids).toContain(pastFirstBatch[0]);
    expect(ids.indexOf(pastFirstBatch[0]!)).toBe(olderOffers);
    expect(ids.slice(olderOffers + 1).every((id) => givenBack.includes(id))).toBe(true);
  }, 120_000);
});

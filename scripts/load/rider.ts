import { pause, retryAfterSeconds, type Answer, type LoadClient } from './http.ts';
import type { Observed } from './observed.ts';

/** How a rider's loop behaves: mostly deliver; sometimes give a job back, walk away from it, or fail it. */
export const RIDER_MIX = {
  /** Declines the job right after accepting it (it goes back on offer). */
  decline: 0.05,
  /** Accepts and never confirms: dispatch puts the job back on offer after ACCEPT_CONFIRM_SECONDS. */
  abandon: 0.03,
  /** Fails the job before pickup (released) or after it (settlement review). */
  failBeforePickup: 0.03,
  failAfterPickup: 0.02,
  /** Types a wrong code once at a door before the right one (422 wrong_code). */
  wrongCode: 0.05,
  /** Reports a location before arriving at the pickup. */
  location: 0.3,
  /** Asks for the nearest offers (with a position) rather than the longest waiting. */
  nearest: 0.5,
  /** At least this long between two of one rider's fleet requests: 109 a minute, under the key's 120. */
  requestGapMs: 550,
} as const;

// Where a held job stands, as far as its rider knows.
type Stage = 'accepted' | 'confirming' | 'booked' | 'at_pickup' | 'picked_up' | 'at_drop';
type Plan = 'deliver' | 'decline' | 'abandon' | 'fail_before' | 'fail_after';

interface Held {
  id: string;
  stage: Stage;
  plan: Plan;
  wrongCode: boolean;
  codes?: { pickup: string; delivery: string };
}

interface FleetJob {
  id: string;
  status: string;
  agentId: string | null;
  verification: { pickup: { status: string }; delivery: { status: string; expiresAt: string | null } };
}

const MAX_HELD = 2;
const CAPACITY_WAIT_MS = 5_000;
const ASSIGNED = new Set(['picked_by_agent', 'booking_in_progress', 'booked', 'pickup_completed']);

function choosePlan(): Plan {
  const roll = Math.random();
  const cut = [RIDER_MIX.decline, RIDER_MIX.abandon, RIDER_MIX.failBeforePickup, RIDER_MIX.failAfterPickup];
  if (roll < cut[0]!) return 'decline';
  if (roll < cut[0]! + cut[1]!) return 'abandon';
  if (roll < cut[0]! + cut[1]! + cut[2]!) return 'fail_before';
  if (roll < cut[0]! + cut[1]! + cut[2]! + cut[3]!) return 'fail_after';
  return 'deliver';
}

// The stage a job the rider holds is at, from the fleet's view of it.
function stageOf(job: FleetJob): Stage {
  switch (job.status) {
    case 'picked_by_agent':
      return 'accepted';
    case 'booking_in_progress':
      return 'confirming';
    case 'booked':
      return job.verification.pickup.status === 'pending' ? 'booked' : 'at_pickup';
    default:
      return job.verification.delivery.expiresAt === null ? 'picked_up' : 'at_drop';
  }
}

const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/**
 * One rider until `deadline`: list offers, accept one (holding at most two), then take each held job
 * through start-confirmation, confirm, the pickup door (arrive, the code the store tells them) and
 * the drop (arrive, the code the customer tells them); sometimes decline, walk away or fail. The
 * codes come from the store's GET /v1/jobs/{id}, as the store and the customer would read them out.
 * Races (another rider took the offer, the merchant cancelled) are ordinary 404s and 409s: the rider
 * then looks at the job again and carries on with what is left.
 */
export async function runRider(
  client: LoadClient,
  observed: Observed,
  rider: { name: string; fleetKey: string; agentId: string },
  deadline: number,
): Promise<void> {
  const auth = { Authorization: `Bearer ${rider.fleetKey}`, 'Content-Type': 'application/json' };
  const held = new Map<string, Held>();
  const abandoned = new Set<string>();
  let lastRequest = 0;
  let offersFrom = 0;

  async function fleet(route: string, path: string, method: 'GET' | 'POST' = 'GET', body?: unknown): Promise<Answer> {
    await pause(lastRequest + RIDER_MIX.requestGapMs - Date.now());
    lastRequest = Date.now();
    const answer = await client.send(route, path, { method, headers: auth, body });
    if (answer.status === 429) await pause(retryAfterSeconds(answer) * 1000, deadline);
    return answer;
  }
  const surprise = (action: string, answer: Answer) => observed.surprise(`${rider.name} ${action}`, answer);

  // The jobs the rider holds, as the server has them (after a refusal for capacity, and at the start).
  async function resync(): Promise<void> {
    const answer = await fleet('GET /fleet/v1/assignments', '/fleet/v1/assignments');
    if (answer.status !== 200) {
      if (answer.status !== 429) surprise('assignments', answer);
      return;
    }
    const jobs = answer.body.data as FleetJob[];
    for (const id of held.keys()) if (!jobs.some((job) => job.id === id)) held.delete(id);
    for (const job of jobs) {
      if (abandoned.has(job.id)) continue;
      const known = held.get(job.id);
      if (known) known.stage = stageOf(job);
      else held.set(job.id, { id: job.id, stage: stageOf(job), plan: 'deliver', wrongCode: false });
    }
  }

  async function takeAnOffer(): Promise<void> {
    const nearest = Math.random() < RIDER_MIX.nearest;
    const offers = await fleet('GET /fleet/v1/offers', `/fleet/v1/offers?limit=20${nearest ? '&latitude=12.9716&longitude=77.5946' : ''}`);
    if (offers.status !== 200) {
      if (offers.status !== 429) surprise('offers', offers);
      return;
    }
    const open = (offers.body.data as Array<{ id: string }>).filter((offer) => !abandoned.has(offer.id) && !held.has(offer.id));
    if (open.length === 0) return void observed.note('rider found no offer');
    const { id } = open[Math.floor(Math.random() * open.length)]!;
    const answer = await fleet('POST /fleet/v1/jobs/{id}/accept', `/fleet/v1/jobs/${id}/accept`, 'POST');
    const code = answer.body.code;
    if (answer.status === 200) {
      if ((answer.body.data as FleetJob).agentId !== rider.agentId) return surprise('accept (not mine)', answer);
      const plan = choosePlan();
      held.set(id, { id, stage: 'accepted', plan, wrongCode: Math.random() < RIDER_MIX.wrongCode });
      observed.note('accepts (200)');
    } else if (answer.status === 409 && code === 'rider_at_capacity') {
      observed.note('accepts refused: rider at capacity (409)');
      await resync();
      // An abandoned acceptance still counts until dispatch takes it back: look again later.
      offersFrom = Date.now() + CAPACITY_WAIT_MS;
    } else if (answer.status === 409 && (code === 'concurrent_modification' || code === 'invalid_transition')) observed.note('accepts lost to a race (409)');
    else if (answer.status === 404) observed.note('accepts lost to a race (404: no longer on offer)');
    else if (answer.status !== 429) surprise('accept', answer);
  }

  // The store's view of the job: where the rider learns the codes the store and the customer read out.
  async function learnCodes(job: Held): Promise<boolean> {
    const store = observed.storeOfJob.get(job.id);
    if (!store) return false;
    const answer = await client.send('GET /v1/jobs/{id}', `/v1/jobs/${job.id}`, { headers: { 'X-Api-Key': store.apiKey } });
    if (answer.status !== 200) {
      if (answer.status !== 429) surprise('codes from the store', answer);
      return false;
    }
    const verification = (answer.body.data as { verification: { pickup: { code: string | null }; delivery: { code: string | null } } }).verification;
    if (verification.pickup.code === null || verification.delivery.code === null) return false;
    job.codes = { pickup: verification.pickup.code, delivery: verification.delivery.code };
    return true;
  }

  // One move of a held job; a refusal makes the rider look at the job again.
  async function advance(job: Held): Promise<void> {
    const at = `/fleet/v1/jobs/${job.id}`;
    const move = async (route: string, path: string, body?: unknown): Promise<boolean> => {
      const answer = await fleet(route, `${at}${path}`, 'POST', body);
      if (answer.status === 200) return true;
      if (answer.status === 429) return false;
      const code = answer.body.code;
      if (answer.status === 409 && (code === 'invalid_transition' || code === 'concurrent_modification')) observed.note('rider moves lost to a race (409)');
      else surprise(`${route} (${job.stage})`, answer);
      await lookAgain(job);
      return false;
    };
    switch (job.stage) {
      case 'accepted':
        if (job.plan === 'abandon') {
          held.delete(job.id);
          abandoned.add(job.id);
          observed.note('acceptances abandoned (dispatch puts them back)');
        } else if (job.plan === 'decline') {
          if (await move('POST /fleet/v1/jobs/{id}/decline', '/decline')) {
            held.delete(job.id);
            abandoned.add(job.id);
            observed.note('declines (200)');
          }
        } else if (await move('POST /fleet/v1/jobs/{id}/start-confirmation', '/start-confirmation')) job.stage = 'confirming';
        return;
      case 'confirming':
        if (await move('POST /fleet/v1/jobs/{id}/confirm', '/confirm')) job.stage = 'booked';
        return;
      case 'booked':
        if (job.plan === 'fail_before') return fail(job, move);
        if (Math.random() < RIDER_MIX.location) {
          await move('POST /fleet/v1/jobs/{id}/location', '/location', { latitude: 12.9716, longitude: 77.5946, accuracy: 15 });
          return;
        }
        if (await move('POST /fleet/v1/jobs/{id}/handoffs/{handoff}/arrive', '/handoffs/pickup/arrive')) job.stage = 'at_pickup';
        return;
      case 'at_pickup':
        if (!job.codes && !(await learnCodes(job))) return lookAgain(job);
        if (job.wrongCode) return wrongPickupCode(job);
        if (await move('POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code', '/handoffs/pickup/code', { code: job.codes!.pickup })) job.stage = 'picked_up';
        return;
      case 'picked_up':
        if (job.plan === 'fail_after') return fail(job, move);
        if (await move('POST /fleet/v1/jobs/{id}/handoffs/{handoff}/arrive', '/handoffs/delivery/arrive')) job.stage = 'at_drop';
        return;
      case 'at_drop':
        if (await move('POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code', '/handoffs/delivery/code', { code: job.codes!.delivery })) {
          held.delete(job.id);
          observed.ended(job.id, 'delivered');
          observed.note('deliveries (200)');
        }
        return;
    }
  }

  async function fail(job: Held, move: (route: string, path: string, body?: unknown) => Promise<boolean>): Promise<void> {
    if (await move('POST /fleet/v1/jobs/{id}/fail', '/fail', { reason: `Load run: ${job.plan}` })) {
      held.delete(job.id);
      observed.ended(job.id, 'failed');
      observed.note(job.plan === 'fail_before' ? 'fails before pickup (200)' : 'fails after pickup (200)');
    }
  }

  // A wrong pickup code once: 422 wrong_code, the attempt counted; the right one comes next.
  async function wrongPickupCode(job: Held): Promise<void> {
    const answer = await fleet('POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code', `/fleet/v1/jobs/${job.id}/handoffs/pickup/code`, 'POST', {
      code: wrong(job.codes!.pickup),
    });
    if (answer.status === 429) return;
    job.wrongCode = false;
    if (answer.status === 422 && answer.body.code === 'wrong_code') observed.note('wrong codes (422)');
    else if (answer.status === 409) await lookAgain(job);
    else surprise('wrong code', answer);
  }

  // After a refusal: carry on if the job is still the rider's, else let it go (cancelled, ended, given back).
  async function lookAgain(job: Held): Promise<void> {
    const answer = await fleet('GET /fleet/v1/jobs/{id}', `/fleet/v1/jobs/${job.id}`);
    if (answer.status === 429) return;
    const seen = answer.body.data as FleetJob | undefined;
    if (answer.status === 200 && seen!.agentId === rider.agentId && ASSIGNED.has(seen!.status)) {
      job.stage = stageOf(seen!);
      return;
    }
    if (answer.status !== 200 && answer.status !== 404) surprise('look again', answer);
    held.delete(job.id);
    observed.note('held jobs taken away (cancelled or given back)');
  }

  await resync();
  while (Date.now() < deadline) {
    const jobs = [...held.values()];
    const mayTake = jobs.length < MAX_HELD && Date.now() >= offersFrom;
    if (mayTake && (jobs.length === 0 || Math.random() < 0.3)) await takeAnOffer();
    else if (jobs.length > 0) await advance(jobs[Math.floor(Math.random() * jobs.length)]!);
    if (held.size === 0) await pause(200, deadline);
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { greatCircleMeters, type LatLng } from './geo.ts';
import { ENDED, visibleRiderLocation, type Job, type JobStatus } from './job.ts';
import { effectiveHandoff } from './lifecycle.ts';

/**
 * The customer's tracking page: who may see it (a token the merchant hands on), for how long, and
 * what it shows of a job. Deliberately little: no phone numbers, no address beyond the drop's first
 * line, no price.
 */

/** 24 random bytes: 192 bits, 32 URL-safe characters. */
const TOKEN_BYTES = 24;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** How long a link keeps working after its job ends (delivered, failed or cancelled). */
export const TRACKING_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * How long a link made while its job is live is kept (its item's time to live, from its making): far
 * past a delivery's day, so the page has closed (24 h after the job ends) long before DynamoDB deletes
 * it; a job still live after that needs a new link. A link made once the job has ended is kept until
 * its page closes. No link is kept forever.
 */
export const LIVE_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A new tracking token from the CSPRNG. Only its SHA-256 is stored. */
export function newTrackingToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Whether a path segment can be a token at all (anything else is not found without a read). */
export function looksLikeTrackingToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** What the table keeps of a token: its SHA-256, hex. */
export function trackingTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** When the job ended (its final status's time), or null while it is live. */
export function endedAt(job: Job): string | null {
  if (!ENDED.has(job.status)) return null;
  return job.events.findLast((event) => event.status === job.status)?.createdAt ?? job.updatedAt;
}

/** When the job's tracking links stop working: 24 h after it ends; null while it is live (they work until then). */
export function trackingExpiresAt(job: Job): string | null {
  const end = endedAt(job);
  return end === null ? null : new Date(Date.parse(end) + TRACKING_GRACE_MS).toISOString();
}

/** Whether the job's tracking page is still open at `now`. */
export function trackingOpen(job: Job, now: Date): boolean {
  const expiresAt = trackingExpiresAt(job);
  return expiresAt === null || Date.parse(expiresAt) > now.getTime();
}

/** The steps the customer sees, in order; a job that ends early shows its final step (cancelled or failed) last. */
export const TRACKING_STEPS = ['placed', 'finding_rider', 'rider_assigned', 'picked_up', 'delivered', 'cancelled', 'failed'] as const;
export type TrackingStep = (typeof TRACKING_STEPS)[number];
const NORMAL_STEPS: readonly TrackingStep[] = ['placed', 'finding_rider', 'rider_assigned', 'picked_up', 'delivered'];

const STEP_OF: Record<JobStatus, TrackingStep> = {
  created: 'placed',
  queued: 'finding_rider',
  picked_by_agent: 'rider_assigned',
  booking_in_progress: 'rider_assigned',
  booked: 'rider_assigned',
  pickup_completed: 'picked_up',
  delivered: 'delivered',
  cancelled: 'cancelled',
  failed: 'failed',
};

/** Where the delivery stands, as the page's headline says it. */
export type TrackingPhase = 'finding_rider' | 'to_store' | 'on_the_way' | 'arrived' | 'delivered' | 'cancelled' | 'failed';

/** One line of the timeline: a step, when it was reached (null if not yet), and whether it is done, now, or to come. */
export interface TimelineEntry {
  step: TrackingStep;
  at: string | null;
  state: 'done' | 'current' | 'upcoming';
}

/** Everything the tracking page shows, and nothing more. */
export interface TrackingView {
  storeName: string;
  /** A sandbox job: the page says the rider is simulated. */
  sandbox: boolean;
  phase: TrackingPhase;
  timeline: TimelineEntry[];
  /** The drop's first address line only. */
  dropLine: string;
  pickup: LatLng;
  drop: LatLng;
  /** The rider's last reported position, while a rider holds the job. */
  rider: LatLng | null;
  /** How far the rider is from where they are heading (the store before pickup, the drop after), in metres. */
  riderMeters: number | null;
  /** The code the customer gives the rider at the door, while the delivery handoff is active. */
  deliveryCode: string | null;
  /** When the job ended, for "delivered at …". */
  endedAt: string | null;
}

// Seven digits or more, of any script (Devanagari ९, Bengali ৯, …), however spaced or punctuated, with
// invisible format characters (zero-width space, joiners, soft hyphen) inside: a phone number, never a
// house number or a PIN code (six). Format characters elsewhere stay: ZWJ and ZWNJ shape Indic words.
const PHONE_LIKE = /\+?\p{Nd}(?:[\s\p{Cf}\-.()/]*\p{Nd}){6,}/gu;

/**
 * The first line of an address: up to its first line break or comma, at most 80 characters, with
 * anything that could be a phone number masked (merchants sometimes put one in the address). NFKC
 * first, so full-width digits and punctuation (９８７, －) read as their plain forms.
 */
export function firstAddressLine(address: string): string {
  const line = address
    .normalize('NFKC')
    .split(/[\r\n,]/)[0]!
    .replace(PHONE_LIKE, '…')
    .trim();
  return line.length > 80 ? `${line.slice(0, 79).trimEnd()}…` : line;
}

/** The rider's position as the public page shows it: to 0.001° (about 110 m), never the exact fix. */
export function coarsePosition(position: LatLng): LatLng {
  const round = (degrees: number) => Math.round(degrees * 1000) / 1000;
  return { latitude: round(position.latitude), longitude: round(position.longitude) };
}

// When each step was last entered: the start of its latest run in the status history.
function stepTimes(job: Job): Map<TrackingStep, string> {
  const times = new Map<TrackingStep, string>();
  let previous: TrackingStep | null = null;
  for (const event of job.events) {
    const step = STEP_OF[event.status];
    if (step !== previous) times.set(step, event.createdAt);
    previous = step;
  }
  return times;
}

/** The timeline: the normal steps up to now (and those to come while the job is live), or up to its early end. */
export function timelineOf(job: Job): TimelineEntry[] {
  const times = stepTimes(job);
  const current = STEP_OF[job.status];
  const early = current === 'cancelled' || current === 'failed';
  // An early end shows the normal steps reached before it; the history's last normal step says how far it got.
  const reached = early ? job.events.findLast((event) => STEP_OF[event.status] !== current) : undefined;
  const lastNormal = early ? (reached ? STEP_OF[reached.status] : 'placed') : current;
  const upTo = NORMAL_STEPS.indexOf(lastNormal);
  const entries: TimelineEntry[] = [];
  NORMAL_STEPS.forEach((step, index) => {
    if (index < upTo || (index === upTo && early)) {
      if (times.has(step)) entries.push({ step, at: times.get(step)!, state: 'done' });
    } else if (index === upTo) entries.push({ step, at: times.get(step) ?? job.updatedAt, state: 'current' });
    else if (!early) entries.push({ step, at: null, state: 'upcoming' });
  });
  if (early) entries.push({ step: current, at: times.get(current) ?? job.updatedAt, state: 'current' });
  return entries;
}

function phaseOf(job: Job): TrackingPhase {
  switch (STEP_OF[job.status]) {
    case 'placed':
    case 'finding_rider':
      return 'finding_rider';
    case 'rider_assigned':
      return 'to_store';
    case 'picked_up':
      // The rider reported arriving at the drop: the delivery code's clock is running.
      return job.verification.delivery.expiresAt !== null ? 'arrived' : 'on_the_way';
    case 'delivered':
      return 'delivered';
    case 'cancelled':
      return 'cancelled';
    case 'failed':
      return 'failed';
  }
}

/** What the tracking page shows of this job, for this store, at `now`. */
export function trackingView(job: Job, storeName: string, now: Date): TrackingView {
  const pickup = { latitude: job.route.pickupLatitude, longitude: job.route.pickupLongitude };
  const drop = { latitude: job.route.dropLatitude, longitude: job.route.dropLongitude };
  const location = visibleRiderLocation(job);
  const rider = location === null ? null : coarsePosition(location);
  const heading = job.status === 'pickup_completed' ? drop : pickup;
  // A code whose time ran out at the door is no longer one to give (the rider's app asks for a new one).
  const delivery = effectiveHandoff(job.verification.delivery, now);
  return {
    storeName,
    sandbox: job.testMode,
    phase: phaseOf(job),
    timeline: timelineOf(job),
    dropLine: firstAddressLine(job.route.dropAddress),
    pickup,
    drop,
    rider,
    riderMeters: rider === null ? null : Math.round(greatCircleMeters(rider, heading)),
    deliveryCode: job.status === 'pickup_completed' && delivery.status === 'active' ? delivery.code : null,
    endedAt: endedAt(job),
  };
}

import { createHash, randomBytes } from 'node:crypto';
import { greatCircleMeters, type LatLng } from './geo.ts';
import { ENDED, isReturning, visibleRiderLocation, type DeliveryAttemptReason, type Job, type JobStatus, type ReturnReason } from './job.ts';
import { effectiveHandoff } from './lifecycle.ts';

/**
 * The customer's tracking page: who may see it (a token the merchant hands on), for how long, and
 * what it shows of a job. Deliberately little: no phone numbers, no address beyond the drop's first
 * line, no price (a cash-on-delivery job shows the amount the customer pays at the door, never the
 * store's charge or fee).
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

/**
 * The steps the customer sees, in order; a job that ends early shows its final step (cancelled or
 * failed) last. After pickup, each failed attempt at the drop is a step (with its reason), then the
 * rider trying again, or the parcel's way back to the store in place of the early end.
 */
export const TRACKING_STEPS = [
  'placed',
  'finding_rider',
  'rider_assigned',
  'picked_up',
  'attempted',
  'trying_again',
  'delivered',
  'cancelled',
  'failed',
  'returning',
  'returned',
] as const;
export type TrackingStep = (typeof TRACKING_STEPS)[number];
// The steps a status stands for (the others come from the attempts and the return trip).
type StatusStep = Exclude<TrackingStep, 'attempted' | 'trying_again' | 'returning' | 'returned'>;
const NORMAL_STEPS: readonly StatusStep[] = ['placed', 'finding_rider', 'rider_assigned', 'picked_up', 'delivered'];

const STEP_OF: Record<JobStatus, StatusStep> = {
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

/**
 * Where the delivery stands, as the page's headline says it: `attempt_failed` while the store decides
 * after a failed attempt (the headline is the attempt's reason), `trying_again` on the way back to the
 * door after the store chose another try, `returning`/`returned` on the parcel's way back.
 */
export type TrackingPhase =
  'finding_rider' | 'to_store' | 'on_the_way' | 'attempt_failed' | 'trying_again' | 'arrived' | 'delivered' | 'cancelled' | 'failed' | 'returning' | 'returned';

/**
 * One line of the timeline: a step, when it was reached (null if not yet, or not known: the store's
 * choice to try again has no time of its own), whether it is done, now, or to come, and for an
 * attempt, its reason (never the rider's note).
 */
export interface TimelineEntry {
  step: TrackingStep;
  at: string | null;
  state: 'done' | 'current' | 'upcoming';
  reason?: DeliveryAttemptReason;
}

/**
 * What the customer pays at the door for a cash-on-delivery job: the amount (never the store's charge
 * or the collection fee), and whether it has been paid.
 */
export interface TrackingPayment {
  amountMinor: number;
  paid: boolean;
}

/** Everything the tracking page shows, and nothing more. */
export interface TrackingView {
  storeName: string;
  /** A sandbox job: the page says the rider is simulated. */
  sandbox: boolean;
  phase: TrackingPhase;
  timeline: TimelineEntry[];
  /** The drop's area (locality and city) only, never the house or the street; null when the address names no place. */
  dropArea: string | null;
  pickup: LatLng;
  drop: LatLng;
  /** The rider's last reported position, while a rider holds the job and is not bringing the parcel back to the store. */
  rider: LatLng | null;
  /** How far the rider is from where they are heading (the store before pickup, the drop after), in metres. */
  riderMeters: number | null;
  /** The code the customer gives the rider at the door, while the delivery handoff is active. */
  deliveryCode: string | null;
  /** When the job ended, for "delivered at …". */
  endedAt: string | null;
  /** The last failed attempt's reason (the headline while the store decides), or null. */
  attemptReason: DeliveryAttemptReason | null;
  /** Why the parcel goes (went) back to the store, or null when it does not. */
  returnReason: ReturnReason | null;
  /** Whether anything is still to happen (the page keeps refreshing): the job is live, or its parcel is on the way back. */
  live: boolean;
  /** Cash on delivery: what to pay while the job is live, or that it was paid; null for a prepaid job and one that ended unpaid. */
  payment: TrackingPayment | null;
}

// Seven digits or more, of any script (Devanagari ९, Bengali ৯, …), however spaced or punctuated, with
// invisible format characters (zero-width space, joiners, soft hyphen) inside: a phone number, never a
// house number or a PIN code (six). Format characters elsewhere stay: ZWJ and ZWNJ shape Indic words.
const PHONE_LIKE = /\+?\p{Nd}(?:[\s\p{Cf}\-.()/]*\p{Nd}){6,}/gu;

// Words that name a house, not a place: a part of the address made of these and numbers ("Flat 4B",
// "No. 221", "3rd Floor", "Gate 2") is never the area.
const HOUSE_WORDS = new Set([
  'flat',
  'house',
  'door',
  'plot',
  'apt',
  'apartment',
  'unit',
  'shop',
  'floor',
  'gate',
  'block',
  'room',
  'bldg',
  'building',
  'tower',
  'wing',
  'no',
  'h',
  'st',
  'nd',
  'rd',
  'th',
]);
// What follows the city in an Indian address: the state or territory, the country. Never the area.
const REGIONS = new Set(
  (
    'india,andhra pradesh,arunachal pradesh,assam,bihar,chhattisgarh,goa,gujarat,haryana,himachal pradesh,jharkhand,karnataka,kerala,' +
    'madhya pradesh,maharashtra,manipur,meghalaya,mizoram,nagaland,odisha,punjab,rajasthan,sikkim,tamil nadu,telangana,tripura,' +
    'uttar pradesh,uttarakhand,west bengal,andaman and nicobar islands,chandigarh,dadra and nagar haveli and daman and diu,delhi,' +
    'jammu and kashmir,ladakh,lakshadweep,puducherry'
  ).split(','),
);
const PIN_CODE = /(?<!\p{Nd})\p{Nd}{3}\s?\p{Nd}{3}(?!\p{Nd})/gu;
const key = (part: string) => part.toLowerCase().replace(/\s+/g, ' ').trim();
// A part that names a place: it has a word (3 letters or more, Indic vowel signs included) that is not a house word.
const namesAPlace = (part: string) => (part.match(/[\p{L}\p{M}]+/gu) ?? []).some((word) => [...word].length >= 3 && !HOUSE_WORDS.has(word.toLowerCase()));

/**
 * The drop's area as the public page shows it (issue 33): its locality (the last part of the address
 * that names a place, before the city, state, country and PIN code) and its city, so the customer
 * sees where, never the house number or the street ("12, 100 Feet Road, Indiranagar" in Bengaluru is
 * "Indiranagar, Bengaluru"). Anything that could be a phone number is masked; at most 80 characters.
 * Null when the address names no place and the job has no city.
 */
export function dropArea(address: string, city: string | null): string | null {
  const cityName = city === null ? '' : city.normalize('NFKC').trim();
  const parts = address
    .normalize('NFKC')
    .split(/[\r\n,]/)
    .map((part) => part.replace(PIN_CODE, ' ').trim())
    .filter((part) => part.length > 0);
  const atCity = parts.findIndex((part) => cityName !== '' && key(part) === key(cityName));
  const before = (atCity === -1 ? parts : parts.slice(0, atCity)).filter((part) => !REGIONS.has(key(part)));
  const locality = before.findLast(namesAPlace) ?? null;
  const area = [locality, cityName || null].filter((part): part is string => part !== null).join(', ');
  if (area === '') return null;
  const masked = area.replace(PHONE_LIKE, '…');
  return masked.length > 80 ? `${masked.slice(0, 79).trimEnd()}…` : masked;
}

/** The rider's position as the public page shows it: to 0.001° (about 110 m), never the exact fix. */
export function coarsePosition(position: LatLng): LatLng {
  const round = (degrees: number) => Math.round(degrees * 1000) / 1000;
  return { latitude: round(position.latitude), longitude: round(position.longitude) };
}

// When each step was last entered: the start of its latest run in the status history.
function stepTimes(job: Job): Map<StatusStep, string> {
  const times = new Map<StatusStep, string>();
  let previous: StatusStep | null = null;
  for (const event of job.events) {
    const step = STEP_OF[event.status];
    if (step !== previous) times.set(step, event.createdAt);
    previous = step;
  }
  return times;
}

/**
 * The timeline: the normal steps up to now (and those to come while the job is live), or up to its
 * early end; after pickup, the failed attempts, then the rider trying again, or the way back to the
 * store in place of the early end (failed or cancelled).
 */
export function timelineOf(job: Job): TimelineEntry[] {
  const entries = statusTimeline(job);
  const attempts = job.deliveryAttempts ?? [];
  const trip = job.returnTrip ?? null;
  if (attempts.length === 0 && trip === null) return entries;
  const waiting = job.status === 'pickup_completed';
  const pickedUp = entries.findIndex((entry) => entry.step === 'picked_up') + 1;
  // While the job waits at pickup_completed, picking up is done: an attempt (or another try) is where it stands.
  const head = entries.slice(0, pickedUp).map((entry) => (waiting ? { ...entry, state: 'done' as const } : entry));
  const attempted = attempts.map((attempt, index): TimelineEntry => ({
    step: 'attempted',
    at: attempt.createdAt,
    state: waiting && job.pendingDecision && index === attempts.length - 1 ? 'current' : 'done',
    reason: attempt.reason,
  }));
  if (trip !== null)
    return [
      ...head,
      ...attempted,
      { step: 'returning', at: trip.startedAt, state: trip.status === 'returning' ? 'current' : 'done' },
      // A trip that failed (the parcel lost on the way back) never reaches the store: no step to come.
      ...(trip.status === 'failed'
        ? []
        : [{ step: 'returned' as const, at: trip.returnedAt, state: trip.status === 'returned' ? ('current' as const) : ('upcoming' as const) }]),
    ];
  const tryingAgain: TimelineEntry[] = waiting && !job.pendingDecision ? [{ step: 'trying_again', at: null, state: 'current' }] : [];
  return [...head, ...attempted, ...tryingAgain, ...entries.slice(pickedUp)];
}

// The timeline of the status history alone.
function statusTimeline(job: Job): TimelineEntry[] {
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
  if (job.returnTrip) return job.returnTrip.status;
  switch (STEP_OF[job.status]) {
    case 'placed':
    case 'finding_rider':
      return 'finding_rider';
    case 'rider_assigned':
      return 'to_store';
    case 'picked_up':
      if (job.pendingDecision) return 'attempt_failed';
      // The rider reported arriving at the drop: the delivery code's clock is running.
      if (job.verification.delivery.expiresAt !== null) return 'arrived';
      return (job.deliveryAttempts ?? []).length > 0 ? 'trying_again' : 'on_the_way';
    case 'delivered':
      return 'delivered';
    case 'cancelled':
      return 'cancelled';
    case 'failed':
      return 'failed';
  }
}

// A payment due is shown only while the delivery can still happen; one that will not be collected (the job ended) is not shown.
function paymentOf(job: Job): TrackingPayment | null {
  const collection = job.collection ?? null;
  if (collection === null || collection.status === 'not_collected') return null;
  if (collection.status === 'collected') return { amountMinor: collection.amountMinor, paid: true };
  return ENDED.has(job.status) ? null : { amountMinor: collection.amountMinor, paid: false };
}

/** What the tracking page shows of this job, for this store, at `now`. */
export function trackingView(job: Job, storeName: string, now: Date): TrackingView {
  const pickup = { latitude: job.route.pickupLatitude, longitude: job.route.pickupLongitude };
  const drop = { latitude: job.route.dropLatitude, longitude: job.route.dropLongitude };
  // On the way back to the store the rider is no longer coming to the customer: no position is shown.
  const location = isReturning(job) ? null : visibleRiderLocation(job);
  const rider = location === null ? null : coarsePosition(location);
  const heading = job.status === 'pickup_completed' ? drop : pickup;
  // A code whose time ran out at the door is no longer one to give (the rider's app asks for a new one).
  const delivery = effectiveHandoff(job.verification.delivery, now);
  return {
    storeName,
    sandbox: job.testMode,
    phase: phaseOf(job),
    timeline: timelineOf(job),
    dropArea: dropArea(job.route.dropAddress, job.route.dropCity ?? null),
    pickup,
    drop,
    rider,
    riderMeters: rider === null ? null : Math.round(greatCircleMeters(rider, heading)),
    deliveryCode: job.status === 'pickup_completed' && delivery.status === 'active' ? delivery.code : null,
    endedAt: endedAt(job),
    attemptReason: job.deliveryAttempts?.at(-1)?.reason ?? null,
    returnReason: job.returnTrip?.reason ?? null,
    live: !ENDED.has(job.status) || isReturning(job),
    payment: paymentOf(job),
  };
}

import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { newJob } from '../../functions/core/booking.ts';
import type { DeliveryAttemptReason, Job } from '../../functions/core/job.ts';
import { CODE_TTL_MS, transition, type LifecycleEvent } from '../../functions/core/lifecycle.ts';
import { publicUrl } from '../../functions/http/public-url.ts';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import {
  coarsePosition,
  dropArea,
  looksLikeTrackingToken,
  newTrackingToken,
  TRACKING_GRACE_MS,
  trackingExpiresAt,
  trackingOpen,
  trackingTokenHash,
  trackingView,
  type TrackingView,
} from '../../functions/core/tracking.ts';
import { chooseLanguage, LANGUAGES, type Messages } from '../../functions/tracking/messages.ts';
import { formatDistance, formatRupees, mapSvg, notFoundPage, trackingPage } from '../../functions/tracking/page.ts';
import { BENGALURU_CHARGE_MINOR, pricedBengaluruQuote as quote, sampleBookingDetails, sampleStore } from '../helpers/fixtures.ts';

const store = sampleStore({ reservedMinor: BENGALURU_CHARGE_MINOR, availableMinor: 10_000 - BENGALURU_CHARGE_MINOR, jobCount: 1 });
const now = new Date('2026-11-22T10:00:00.000Z');
const minute = (n: number) => new Date(now.getTime() + n * 60_000);
const [en, hi] = [LANGUAGES.find((l) => l.lang === 'en')!, LANGUAGES.find((l) => l.lang === 'hi')!];

/** A job booked at 10:00 (from `booked`, the prepaid quote by default) and moved by `events`, one a minute. */
function jobFrom(booked: typeof quote, events: LifecycleEvent[]): Job {
  let job = newJob({ store, quote: booked, details: sampleBookingDetails, idempotencyKey: 'k', seq: 1, now });
  events.forEach((event, i) => {
    job = transition(job, event, event.type === 'cancel' ? 'merchant' : 'rider:r1', minute(i + 1)).job;
  });
  return job;
}
const jobAfter = (...events: LifecycleEvent[]): Job => jobFrom(quote, events);

const ACCEPTED: LifecycleEvent[] = [{ type: 'dispatch' }, { type: 'accept', agentId: 'r1' }, { type: 'start_confirmation' }, { type: 'confirm' }];
const atPickup = (job: Job): LifecycleEvent => ({ type: 'submit_code', handoff: 'pickup', code: job.verification.pickup.code });
const pickedUp = () => {
  const booked = jobAfter(...ACCEPTED, { type: 'arrive', handoff: 'pickup' });
  return transition(booked, atPickup(booked), 'rider:r1', minute(6)).job;
};
const steps = (job: Job) => trackingView(job, 'Chai Point', minute(30)).timeline.map((entry) => [entry.step, entry.state, entry.at?.slice(11, 16) ?? null]);

describe('tracking tokens', () => {
  it('are 32 URL-safe characters (192 bits), different every time, and stored only as their SHA-256', () => {
    const tokens = Array.from({ length: 1000 }, newTrackingToken);

    expect(tokens.every(looksLikeTrackingToken)).toBe(true);
    expect(new Set(tokens).size).toBe(1000);
    expect(trackingTokenHash(tokens[0]!)).toMatch(/^[0-9a-f]{64}$/);
    expect(trackingTokenHash(tokens[0]!)).not.toContain(tokens[0]);
  });

  it.each(['', 'short', `${'a'.repeat(31)}=`, 'a'.repeat(33), `${'a'.repeat(31)}/`, `${'a'.repeat(31)}.`, 'constructor', '__proto__'])(
    'refuses %j as a token without reading anything',
    (token) => {
      expect(looksLikeTrackingToken(token)).toBe(false);
    },
  );
});

describe('a tracking link’s time', () => {
  it('runs while the job is live (no expiry), and ends 24 h after the job ends', () => {
    const live = jobAfter({ type: 'dispatch' });
    const cancelled = jobAfter({ type: 'dispatch' }, { type: 'cancel' });
    const end = Date.parse(cancelled.updatedAt);

    expect(trackingExpiresAt(live)).toBeNull();
    expect(trackingOpen(live, new Date(now.getTime() + 365 * 24 * 3_600_000))).toBe(true);
    expect(trackingExpiresAt(cancelled)).toBe(new Date(end + TRACKING_GRACE_MS).toISOString());
    expect([trackingOpen(cancelled, new Date(end + TRACKING_GRACE_MS - 1)), trackingOpen(cancelled, new Date(end + TRACKING_GRACE_MS))]).toEqual([true, false]);
  });
});

describe('the timeline', () => {
  it('shows the steps reached with the time each was entered, the current one, and those to come', () => {
    expect(steps(jobAfter(...ACCEPTED))).toEqual([
      ['placed', 'done', '10:00'],
      ['finding_rider', 'done', '10:01'],
      ['rider_assigned', 'current', '10:02'],
      ['picked_up', 'upcoming', null],
      ['delivered', 'upcoming', null],
    ]);
  });

  it('goes back to finding a rider when the rider gives the job back, with the new time', () => {
    expect(steps(jobAfter({ type: 'dispatch' }, { type: 'accept', agentId: 'r1' }, { type: 'decline' }))).toEqual([
      ['placed', 'done', '10:00'],
      ['finding_rider', 'current', '10:03'],
      ['rider_assigned', 'upcoming', null],
      ['picked_up', 'upcoming', null],
      ['delivered', 'upcoming', null],
    ]);
  });

  it('ends with the cancellation after the steps reached, and nothing to come', () => {
    expect(steps(jobAfter({ type: 'dispatch' }, { type: 'cancel' }))).toEqual([
      ['placed', 'done', '10:00'],
      ['finding_rider', 'done', '10:01'],
      ['cancelled', 'current', '10:02'],
    ]);
  });

  it('ends with the failure after pickup, keeping the pickup step', () => {
    const failed = transition(pickedUp(), { type: 'fail', note: 'Lost' }, 'rider:r1', minute(8)).job;

    expect(steps(failed)).toEqual([
      ['placed', 'done', '10:00'],
      ['finding_rider', 'done', '10:01'],
      ['rider_assigned', 'done', '10:02'],
      ['picked_up', 'done', '10:06'],
      ['failed', 'current', '10:08'],
    ]);
  });
});

describe('what the page shows of a job', () => {
  it('says where the delivery stands, with the delivery code only while the delivery handoff is active', () => {
    const onTheWay = pickedUp();
    const arrived = transition(onTheWay, { type: 'arrive', handoff: 'delivery' }, 'rider:r1', minute(7)).job;
    const delivered = transition(arrived, { type: 'submit_code', handoff: 'delivery', code: arrived.verification.delivery.code }, 'rider:r1', minute(8)).job;
    const view = (job: Job) => {
      const v = trackingView(job, 'Chai Point', minute(9));
      return [v.phase, v.deliveryCode];
    };

    expect([view(jobAfter()), view(jobAfter(...ACCEPTED)), view(onTheWay), view(arrived), view(delivered)]).toEqual([
      ['finding_rider', null],
      ['to_store', null],
      ['on_the_way', onTheWay.verification.delivery.code],
      ['arrived', onTheWay.verification.delivery.code],
      ['delivered', null],
    ]);
  });

  it('measures the rider’s distance to the store before pickup and to the drop after', () => {
    const p = quote.request;
    const toStore = transition(
      jobAfter(...ACCEPTED),
      { type: 'report_location', latitude: p.pickupLatitude + 0.009, longitude: p.pickupLongitude, accuracy: 5 },
      'rider:r1',
      minute(5),
    ).job;
    const toDrop = transition(
      pickedUp(),
      { type: 'report_location', latitude: p.dropLatitude, longitude: p.dropLongitude - 0.0046, accuracy: 5 },
      'rider:r1',
      minute(7),
    ).job;

    // About 1 km from the store, and 500 m from the drop (from the coarse position: within its 110 m).
    expect(Math.abs(trackingView(toStore, 'x', minute(6)).riderMeters! - 1000)).toBeLessThanOrEqual(110);
    expect(Math.abs(trackingView(toDrop, 'x', minute(8)).riderMeters! - 500)).toBeLessThanOrEqual(110);
  });

  it('hides a delivery code whose time at the door ran out', () => {
    const arrived = transition(pickedUp(), { type: 'arrive', handoff: 'delivery' }, 'rider:r1', minute(7)).job;
    const at = (ms: number) => new Date(minute(7).getTime() + ms);

    expect(trackingView(arrived, 'x', at(CODE_TTL_MS - 1)).deliveryCode).toBe(arrived.verification.delivery.code);
    expect(trackingView(arrived, 'x', at(CODE_TTL_MS)).deliveryCode).toBeNull();
  });

  it('shows the rider’s position to 0.001° (about 110 m), never the exact fix, and measures from that', () => {
    const fix = { latitude: 12.9761234, longitude: 77.6123456 };
    const located = transition(jobAfter(...ACCEPTED), { type: 'report_location', ...fix, accuracy: 5 }, 'rider:r1', minute(5)).job;

    expect(coarsePosition(fix)).toEqual({ latitude: 12.976, longitude: 77.612 });
    expect(trackingView(located, 'x', minute(5)).rider).toEqual({ latitude: 12.976, longitude: 77.612 });
  });

  test.prop([
    fc.constantFrom('+91 98765 43210', '098450-12345', '9876543210', '(080) 2345 6789', '+919845012345', '98.765.43210', '080/23456789'),
    fc.string({ maxLength: 20 }).map((text) => text.replace(/[\d,\r\n]/g, '')),
    fc.string({ maxLength: 20 }).map((text) => text.replace(/[\d,\r\n]/g, '')),
  ])('never shows a phone number written into the drop’s locality', (phone, before, after) => {
    const area = dropArea(`12, MG Road, ${before} ${phone} ${after} Indiranagar`, 'Bengaluru')!;

    expect(
      area
        .replace(/\D/g, ' ')
        .split(' ')
        .filter((digits) => digits.length >= 7),
    ).toEqual([]);
    expect(area).not.toContain(phone);
  });

  // Digits of any script (Devanagari, Bengali, full-width), and invisible format characters inside a
  // number (zero-width space and joiners, the soft hyphen, a word joiner), still make a phone number.
  test.prop([
    fc.constantFrom(
      '९८७६५४३२१०',
      '+९१ ९८७६५ ४३२१०',
      '９８７６５４３２１０',
      '+９１ ９８７６５-４３２１０',
      '৯৮৭৬৫৪৩২১০',
      '98765\u200b43210',
      '9\u200d8\u200c7\u00ad6\u20605432 10',
    ),
    fc.string({ maxLength: 20 }).map((text) => text.replace(/[\p{Nd}\p{Cf},\r\n]/gu, '')),
    fc.string({ maxLength: 20 }).map((text) => text.replace(/[\p{Nd}\p{Cf},\r\n]/gu, '')),
  ])('never shows a phone number written in other digits or with invisible characters inside', (phone, before, after) => {
    const area = dropArea(`Flat 2, ${before} ${phone} ${after} Indiranagar`, null)!;
    const digitRuns = area
      .normalize('NFKC')
      .replace(/\p{Cf}/gu, '')
      .replace(/\P{Nd}/gu, ' ')
      .split(' ')
      .filter((digits) => [...digits].length >= 7);

    expect(digitRuns).toEqual([]);
  });

  it('shows the drop’s area, its locality and city, never the house number or the street (issue 33 §2)', () => {
    expect(
      [
        ['12, 100 Feet Road, Indiranagar', 'Bengaluru'],
        ['12, 100 Feet Road, Indiranagar', null],
        ['100 Feet Road, Indiranagar, Bengaluru', 'Bengaluru'],
        ['Flat 4B, 12 MG Road, Koramangala 5th Block, Bengaluru, Karnataka 560034, India', 'Bengaluru'],
        ['No. 221, 2nd Cross\nHSR Layout Sector 2', 'bengaluru'],
        ['Gate 2\nTech Park, Whitefield', 'Bengaluru'],
        ['B-204, Sector 62, Noida 201301', 'Noida'],
        ['12', 'Bengaluru'],
        ['Flat 4B, 3rd Floor', 'Mumbai'],
        ['12/3', null],
        ['  ', null],
        ['42, इंदिरा नगर', 'लखनऊ'],
      ].map(([address, city]) => dropArea(address!, city ?? null)),
    ).toEqual([
      'Indiranagar, Bengaluru',
      'Indiranagar',
      'Indiranagar, Bengaluru',
      'Koramangala 5th Block, Bengaluru',
      'HSR Layout Sector 2, bengaluru',
      'Whitefield, Bengaluru',
      'Sector 62, Noida',
      'Bengaluru',
      'Mumbai',
      null,
      null,
      'इंदिरा नगर, लखनऊ',
    ]);
  });

  test.prop([fc.stringMatching(/^(#|No\. |Flat |Plot |H\.No\. |)[1-9][0-9]{0,3}[A-D]?(\/[0-9]{1,3})?$/), fc.constantFrom('Bengaluru', null)])(
    'never shows a house number alone',
    (house, city) => {
      const area = dropArea(house, city);
      expect(area).toBe(city);
      expect(dropArea(`${house}, 100 Feet Road, Indiranagar`, city)).toBe(city === null ? 'Indiranagar' : `Indiranagar, ${city}`);
    },
  );

  it('is at most 80 characters', () => {
    expect(dropArea(`12, ${'Indiranagar '.repeat(10)}`, null)).toHaveLength(80);
  });
});

describe('a link’s address', () => {
  const event = (path: string, domainName: string | undefined, proto = 'https') =>
    ({
      resource: '/v1/jobs/{id}/tracking-link',
      path: path.replace(/^\/(prod|api)/, ''),
      headers: { host: 'localhost:3000', 'x-forwarded-proto': proto },
      requestContext: { path, domainName },
    }) as unknown as APIGatewayProxyEvent;

  it.each([
    [
      'the gateway’s own domain, with its stage',
      event('/prod/v1/jobs/j1/tracking-link', 'abc.execute-api.ap-south-1.amazonaws.com'),
      'https://abc.execute-api.ap-south-1.amazonaws.com/prod/track/T',
    ],
    ['a custom domain with a base path', event('/api/v1/jobs/j1/tracking-link', 'deliver.example.com'), 'https://deliver.example.com/api/track/T'],
    ['a custom domain at its root', event('/v1/jobs/j1/tracking-link', 'deliver.example.com'), 'https://deliver.example.com/track/T'],
    ['the local server', event('/v1/jobs/j1/tracking-link', undefined, 'http'), 'http://localhost:3000/track/T'],
  ])('is where the client reached the API: %s', (_case, e, url) => {
    expect(publicUrl(e, '/track/T')).toBe(url);
  });
});

describe('the page’s languages', () => {
  it.each([
    [undefined, undefined, 'en'],
    ['hi', 'en', 'hi'],
    ['HI', undefined, 'hi'],
    ['xx', 'hi', 'hi'],
    ['constructor', '__proto__;q=1, hi;q=0.1', 'hi'],
    [undefined, 'en;q=0, hi', 'hi'],
    [undefined, 'hi;q=0.3, en;q=0.31', 'en'],
    [undefined, 'hi-Deva-IN', 'hi'],
  ])('?lang=%j with Accept-Language %j is %s', (requested, accept, lang) => {
    expect(chooseLanguage(requested, accept).lang).toBe(lang);
  });

  it('reads only the first 20 languages of a long Accept-Language (so a hostile header costs nothing)', () => {
    const accept = `${'x,'.repeat(10_000)}hi`;

    expect(chooseLanguage(undefined, accept).lang).toBe('en');
    expect(chooseLanguage(undefined, `${'x,'.repeat(19)}hi`).lang).toBe('hi');
  });

  it('have every message, none empty, each in its own language tag', () => {
    const words = (m: Messages) =>
      Object.entries(m).flatMap(([key, value]) =>
        typeof value === 'function' ? [[key, (value as (x: string) => string)('X')]] : typeof value === 'object' ? Object.entries(value) : [[key, value]],
      );
    const keys = (m: Messages) => words(m).map(([key]) => key);

    for (const m of LANGUAGES) expect(words(m).filter(([, text]) => typeof text !== 'string' || text.trim() === '')).toEqual([]);
    expect(keys(hi)).toEqual(keys(en));
    expect(new Set(LANGUAGES.map((m) => m.lang)).size).toBe(LANGUAGES.length);
  });

  it('writes distances in the page’s language', () => {
    expect([formatDistance(1234, en), formatDistance(1234, hi), formatDistance(347, en), formatDistance(3, hi)]).toEqual([
      '1.2 km',
      '1.2 किमी',
      '350 m',
      '10 मीटर',
    ]);
  });
});

describe('when a delivery does not go to plan', () => {
  const CREDIT = { availableMinor: 1_000_000 };
  const move = (job: Job, event: LifecycleEvent, at: number, actor = 'rider:r1') => transition(job, event, actor, minute(at), CREDIT).job;
  const atDrop = () => move(pickedUp(), { type: 'arrive', handoff: 'delivery' }, 7);
  const attempted = (reason: DeliveryAttemptReason = 'customer_unreachable') =>
    move(atDrop(), { type: 'attempt_delivery', reason, note: 'Rang twice, neighbour says away till 9 pm' }, 8);
  const reattempt = () => move(attempted(), { type: 'decide', action: 'reattempt' }, 9, 'merchant');
  const returning = () => move(attempted(), { type: 'decide', action: 'return' }, 9, 'merchant');
  const located = (job: Job, at: number) =>
    move(job, { type: 'report_location', latitude: quote.request.dropLatitude, longitude: quote.request.dropLongitude - 0.01, accuracy: 5 }, at);
  const view = (job: Job) => trackingView(job, 'Chai Point', minute(30));

  it('shows the failed attempt while the store decides: its reason as the headline, the attempt as the current step, no code', () => {
    const job = attempted();

    expect([view(job).phase, view(job).attemptReason, view(job).deliveryCode, view(job).live]).toEqual(['attempt_failed', 'customer_unreachable', null, true]);
    expect(steps(job)).toEqual([
      ['placed', 'done', '10:00'],
      ['finding_rider', 'done', '10:01'],
      ['rider_assigned', 'done', '10:02'],
      ['picked_up', 'done', '10:06'],
      ['attempted', 'current', '10:08'],
      ['delivered', 'upcoming', null],
    ]);
  });

  it('shows a reattempt on its way after the store chose one, then the fresh code at the door, then the delivery', () => {
    const onItsWay = located(reattempt(), 10);
    const atTheDoor = move(onItsWay, { type: 'arrive', handoff: 'delivery' }, 11);
    const delivered = move(atTheDoor, { type: 'submit_code', handoff: 'delivery', code: atTheDoor.verification.delivery.code }, 12);

    expect([view(onItsWay).phase, view(onItsWay).deliveryCode, view(onItsWay).rider]).toEqual([
      'trying_again',
      onItsWay.verification.delivery.code,
      expect.objectContaining({ latitude: expect.any(Number) }),
    ]);
    expect(steps(onItsWay).slice(4)).toEqual([
      ['attempted', 'done', '10:08'],
      ['trying_again', 'current', null],
      ['delivered', 'upcoming', null],
    ]);
    expect([view(atTheDoor).phase, view(atTheDoor).deliveryCode]).toEqual(['arrived', atTheDoor.verification.delivery.code]);
    expect(steps(delivered).slice(3)).toEqual([
      ['picked_up', 'done', '10:06'],
      ['attempted', 'done', '10:08'],
      ['delivered', 'current', '10:12'],
    ]);
  });

  it('says the parcel is going back to the store, with no rider on the map, until it is back; the page keeps refreshing until then', () => {
    const onTheWayBack = located(returning(), 10);
    const back = move(onTheWayBack, { type: 'arrive', handoff: 'return' }, 11);
    const returned = move(back, { type: 'submit_code', handoff: 'return', code: back.returnTrip!.handoff.code }, 12);

    expect(onTheWayBack.riderLocation).not.toBeNull(); // the merchant still sees the rider; the customer does not
    expect(view(onTheWayBack)).toMatchObject({
      phase: 'returning',
      returnReason: 'undeliverable',
      rider: null,
      riderMeters: null,
      deliveryCode: null,
      live: true,
    });
    expect(steps(onTheWayBack).slice(4)).toEqual([
      ['attempted', 'done', '10:08'],
      ['returning', 'current', '10:09'],
      ['returned', 'upcoming', null],
    ]);
    expect(view(returned)).toMatchObject({ phase: 'returned', rider: null, live: false });
    expect(steps(returned).slice(4)).toEqual([
      ['attempted', 'done', '10:08'],
      ['returning', 'done', '10:09'],
      ['returned', 'current', '10:12'],
    ]);
  });

  it('shows a recalled parcel going back in place of the cancellation, after the steps reached', () => {
    const recalled = move(pickedUp(), { type: 'recall' }, 7, 'merchant');

    expect(view(recalled)).toMatchObject({ phase: 'returning', returnReason: 'recalled', rider: null, live: true });
    expect(steps(recalled)).toEqual([
      ['placed', 'done', '10:00'],
      ['finding_rider', 'done', '10:01'],
      ['rider_assigned', 'done', '10:02'],
      ['picked_up', 'done', '10:06'],
      ['returning', 'current', '10:07'],
      ['returned', 'upcoming', null],
    ]);
  });

  it('ends a return trip that failed (the parcel lost on the way back) as failed: no step to come, no rider, no refreshing, never the note', () => {
    const recalled = move(pickedUp(), { type: 'recall' }, 7, 'merchant');
    const lost = move(recalled, { type: 'fail', note: 'Parcel lost near the flyover' }, 8, 'admin');

    expect(view(lost)).toMatchObject({ phase: 'failed', returnReason: 'recalled', rider: null, riderMeters: null, live: false });
    expect(steps(lost).slice(-2)).toEqual([
      ['picked_up', 'done', '10:06'],
      ['returning', 'done', '10:07'],
    ]);
    for (const m of [en, hi]) expect(trackingPage(trackingView(lost, 'Chai Point', minute(9)), m, minute(9))).not.toContain('flyover');
  });

  it.each([
    ['customer_unreachable', 'We could not reach you', 'हम आपसे संपर्क नहीं कर सके'],
    ['customer_refused', 'The parcel was refused at the door', 'दरवाज़े पर पार्सल लेने से मना किया गया'],
    ['address_not_found', 'Your rider could not find your address', 'राइडर को आपका पता नहीं मिला'],
    ['customer_rescheduled', 'You asked us to come another time', 'आपने किसी और समय आने को कहा'],
    ['unsafe_location', 'Your rider could not reach your address safely', 'राइडर आपके पते तक सुरक्षित नहीं पहुँच सका'],
  ] as const)('says what happened at the door for %s, in English and Hindi, and never the rider’s note', (reason, english, hindi) => {
    const job = attempted(reason);
    const page = (m: Messages) => trackingPage(trackingView(job, 'Chai Point', minute(9)), m, minute(9));

    expect(page(en)).toContain(`<h1 data-part="status" aria-live="polite">${english}</h1>`);
    expect(page(en)).toContain(`<span>${english}</span>`);
    expect(page(en)).toContain('We have told Chai Point; they will decide whether your rider tries again.');
    expect(page(hi)).toContain(`<h1 data-part="status" aria-live="polite">${hindi}</h1>`);
    for (const m of [en, hi]) expect(page(m)).not.toMatch(/Rang twice|neighbour/);
  });

  it('writes the return’s headline and what happens next in both languages, and keeps refreshing while the parcel is on its way back', () => {
    const page = (job: Job, m: Messages) => trackingPage(trackingView(job, 'Chai Point', minute(20)), m, minute(20));
    const recalled = move(pickedUp(), { type: 'recall' }, 7, 'merchant');

    expect(page(returning(), en)).toContain('<h1 data-part="status" aria-live="polite">Your parcel is going back to the store</h1>');
    expect(page(returning(), en)).toContain('Contact Chai Point for help with your order.');
    expect(page(returning(), en)).toContain('<main data-live="true">');
    expect(page(recalled, en)).toContain('Chai Point called the parcel back. Contact them if you have any questions.');
    expect(page(returning(), hi)).toContain('आपका पार्सल स्टोर को वापस जा रहा है');
    expect(page(recalled, hi)).toContain('Chai Point ने पार्सल वापस मँगवाया है।');
    expect(page(reattempt(), en)).toContain('<h1 data-part="status" aria-live="polite">Your rider is trying again</h1>');
    expect(page(reattempt(), hi)).toContain('आपका राइडर फिर से कोशिश कर रहा है');
    // The step trying again has no time of its own: it says none (not "not yet").
    expect(page(reattempt(), en)).toContain('<li class="current" aria-current="step"><span>Trying again</span></li>');
  });
});

describe('cash on delivery', () => {
  // ₹850 to collect; the store's charge is the ride (₹69) and the ₹20 fee: ₹89, which the customer never sees.
  const codQuote = { ...quote, chargeMinor: BENGALURU_CHARGE_MINOR + 2000, collectMinor: 85_000, collectionFeeMinor: 2000 };
  const codAfter = (...events: LifecycleEvent[]) => jobFrom(codQuote, events);
  const pickedUpCod = () => {
    const booked = codAfter(...ACCEPTED, { type: 'arrive', handoff: 'pickup' });
    return transition(booked, atPickup(booked), 'rider:r1', minute(6)).job;
  };
  const collect: LifecycleEvent = { type: 'collect', method: 'cash', amountMinor: 85_000, reference: null };
  const view = (job: Job) => trackingView(job, 'Chai Point', minute(30));

  it('shows the amount to pay while it is due, that it was paid once collected, and nothing for a prepaid job', () => {
    const arrived = transition(pickedUpCod(), { type: 'arrive', handoff: 'delivery' }, 'rider:r1', minute(7)).job;
    const paid = transition(arrived, collect, 'rider:r1', minute(8)).job;
    const delivered = transition(paid, { type: 'submit_code', handoff: 'delivery', code: paid.verification.delivery.code }, 'rider:r1', minute(9)).job;

    expect([codAfter(), arrived, paid, delivered].map((job) => view(job).payment)).toEqual([
      { amountMinor: 85_000, paid: false },
      { amountMinor: 85_000, paid: false },
      { amountMinor: 85_000, paid: true },
      { amountMinor: 85_000, paid: true },
    ]);
    expect(view(jobAfter()).payment).toBeNull();
    expect(view(pickedUp()).payment).toBeNull();
  });

  it('shows nothing to pay once the job ended unpaid: cancelled before pickup, or refused at the door and sent back', () => {
    const cancelled = codAfter({ type: 'cancel' });
    const arrived = transition(pickedUpCod(), { type: 'arrive', handoff: 'delivery' }, 'rider:r1', minute(7)).job;
    const refused = transition(arrived, { type: 'attempt_delivery', reason: 'payment_refused', note: null }, 'rider:r1', minute(8)).job;
    const sentBack = transition(refused, { type: 'decide', action: 'return' }, 'merchant', minute(9), { availableMinor: 100_000 }).job;

    expect(cancelled.collection?.status).toBe('not_collected');
    expect(view(cancelled).payment).toBeNull();
    // While the store decides after the refusal, the payment is still what a retry asks for.
    expect(view(refused).payment).toEqual({ amountMinor: 85_000, paid: false });
    expect(sentBack.collection?.status).toBe('not_collected');
    expect(view(sentBack).payment).toBeNull();
  });

  it('asks the customer at the door to pay first, then give the code; once paid, just the code', () => {
    const arrived = transition(pickedUpCod(), { type: 'arrive', handoff: 'delivery' }, 'rider:r1', minute(7)).job;
    const paid = transition(arrived, collect, 'rider:r1', minute(8)).job;

    expect(trackingPage(view(arrived), en, minute(30))).toContain('Pay your rider, then give them the delivery code below.');
    expect(trackingPage(view(paid), en, minute(30))).toContain('Give your rider the delivery code below.');
  });

  it('writes the amount in rupees in both languages, and never the store’s charge or the collection fee', () => {
    const due = view(pickedUpCod());
    const paid = { ...due, payment: { amountMinor: 85_000, paid: true } };

    const pages = [trackingPage(due, en, now), trackingPage(due, hi, now), trackingPage(paid, en, now), trackingPage(paid, hi, now)];

    expect(pages[0]).toContain('<section data-part="payment"><p class="pay">Pay ₹850 on delivery (cash or UPI)</p></section>');
    expect(pages[1]).toContain('<p class="pay">डिलीवरी पर ₹850 चुकाएँ (नकद या UPI)</p>');
    expect(pages[2]).toContain('<p class="pay">Paid ₹850</p>');
    expect(pages[3]).toContain('<p class="pay">₹850 का भुगतान हो गया</p>');
    for (const page of pages) {
      expect(page).not.toMatch(/₹89\b|₹20\b|₹69\b|8900|\b2000\b/);
    }
  });

  it('leaves the payment part empty on a prepaid job’s page (it stays, so a refresh can fill it)', () => {
    expect(trackingPage(view(pickedUp()), en, now)).toContain('<section data-part="payment"></section>');
  });

  it.each([
    [85_000, '₹850'],
    [85_050, '₹850.50'],
    [10_000_000, '₹1,00,000'],
    [1, '₹0.01'],
  ])('writes %i paise as %s', (amountMinor, text) => {
    expect(formatRupees(amountMinor, en)).toBe(text);
    expect(formatRupees(amountMinor, hi)).toBe(text);
  });
});

describe('the page’s HTML', () => {
  const view = (changes: Partial<TrackingView> = {}): TrackingView => ({ ...trackingView(jobAfter(...ACCEPTED), 'Chai Point', minute(5)), ...changes });

  test.prop([fc.string(), fc.string()])('escapes whatever the store’s name and the drop’s address say', (name, address) => {
    const html = trackingPage(view({ storeName: name, dropArea: address }), en, now);
    const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

    expect(html).toContain(escaped(name));
    expect(html).toContain(escaped(address));
    // One script (ours), and no tag the input could have opened.
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html.match(/<[a-z!/][^>]*>/gi)!.filter((tag) => /\son\w+=|javascript:/i.test(tag))).toEqual([]);
  });

  test.prop([
    fc.record({ latitude: fc.double({ min: 8, max: 30, noNaN: true }), longitude: fc.double({ min: 68, max: 90, noNaN: true }) }),
    fc.record({ latitude: fc.double({ min: 8, max: 30, noNaN: true }), longitude: fc.double({ min: 68, max: 90, noNaN: true }) }),
    fc.option(fc.record({ latitude: fc.double({ min: 8, max: 30, noNaN: true }), longitude: fc.double({ min: 68, max: 90, noNaN: true }) })),
  ])('draws the store, the drop and the rider inside the map, wherever they are (the same spot included)', (pickup, drop, rider) => {
    const svg = mapSvg(view({ pickup, drop, rider }), en);
    const xs = [...svg.matchAll(/ (?:cx|x|x1|x2)="(-?[\d.]+)"/g)].map((m) => Number(m[1]));
    const ys = [...svg.matchAll(/ (?:cy|y|y1|y2)="(-?[\d.]+)"/g)].map((m) => Number(m[1]));

    expect(xs.every((x) => x >= 0 && x <= 320)).toBe(true);
    expect(ys.every((y) => y >= 0 && y <= 200)).toBe(true);
    expect(svg.match(/<circle/g)).toHaveLength(rider ? 2 : 1);
  });

  it('shows the friendly not-found page with no script', () => {
    const html = notFoundPage(hi);

    expect(html).toContain('<html lang="hi">');
    expect(html).toContain('ट्रैकिंग लिंक नहीं मिला');
    expect(html).not.toContain('<script');
  });
});

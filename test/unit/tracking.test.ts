import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { newJob } from '../../functions/core/booking.ts';
import type { Job } from '../../functions/core/job.ts';
import { CODE_TTL_MS, transition, type LifecycleEvent } from '../../functions/core/lifecycle.ts';
import { publicUrl } from '../../functions/http/public-url.ts';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import {
  coarsePosition,
  firstAddressLine,
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
import { formatDistance, mapSvg, notFoundPage, trackingPage } from '../../functions/tracking/page.ts';
import { BENGALURU_CHARGE_MINOR, pricedBengaluruQuote as quote, sampleBookingDetails, sampleStore } from '../helpers/fixtures.ts';

const store = sampleStore({ reservedMinor: BENGALURU_CHARGE_MINOR, availableMinor: 10_000 - BENGALURU_CHARGE_MINOR, jobCount: 1 });
const now = new Date('2026-11-22T10:00:00.000Z');
const minute = (n: number) => new Date(now.getTime() + n * 60_000);
const [en, hi] = [LANGUAGES.find((l) => l.lang === 'en')!, LANGUAGES.find((l) => l.lang === 'hi')!];

/** A job booked at 10:00 and moved by `events`, one a minute. */
function jobAfter(...events: LifecycleEvent[]): Job {
  let job = newJob({ store, quote, details: sampleBookingDetails, idempotencyKey: 'k', seq: 1, now });
  events.forEach((event, i) => {
    job = transition(job, event, event.type === 'cancel' ? 'merchant' : 'rider:r1', minute(i + 1)).job;
  });
  return job;
}

const ACCEPTED: LifecycleEvent[] = [{ type: 'dispatch' }, { type: 'accept', agentId: 'r1' }, { type: 'start_confirmation' }, { type: 'confirm' }];
const atPickup = (job: Job): LifecycleEvent => ({ type: 'submit_pickup_code', code: job.verification.pickup.code });
const pickedUp = () => {
  const booked = jobAfter(...ACCEPTED, { type: 'arrive_pickup' });
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
    const arrived = transition(onTheWay, { type: 'arrive_drop' }, 'rider:r1', minute(7)).job;
    const delivered = transition(arrived, { type: 'submit_delivery_code', code: arrived.verification.delivery.code }, 'rider:r1', minute(8)).job;
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
    const arrived = transition(pickedUp(), { type: 'arrive_drop' }, 'rider:r1', minute(7)).job;
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
  ])('never shows a phone number written into the drop’s address', (phone, before, after) => {
    const line = firstAddressLine(`${before} ${phone} ${after}, Indiranagar`);

    expect(
      line
        .replace(/\D/g, ' ')
        .split(' ')
        .filter((digits) => digits.length >= 7),
    ).toEqual([]);
    expect(line).not.toContain(phone);
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
    const line = firstAddressLine(`${before} ${phone} ${after}, Indiranagar`);
    const digitRuns = line
      .normalize('NFKC')
      .replace(/\p{Cf}/gu, '')
      .replace(/\P{Nd}/gu, ' ')
      .split(' ')
      .filter((digits) => [...digits].length >= 7);

    expect(digitRuns).toEqual([]);
  });

  it('keeps house numbers, flat numbers and PIN codes in the first line', () => {
    expect(['Flat 4B 12/3 MG Road 560001', 'No. 221 2nd Cross', 'Plot 7-8 Sector 62'].map(firstAddressLine)).toEqual([
      'Flat 4B 12/3 MG Road 560001',
      'No. 221 2nd Cross',
      'Plot 7-8 Sector 62',
    ]);
  });

  it('keeps the drop’s first address line only', () => {
    expect(['Flat 4B, 12 MG Road, Bengaluru', 'Gate 2\nTech Park, Whitefield', '  Plot 7  ', 'A'.repeat(100)].map(firstAddressLine)).toEqual([
      'Flat 4B',
      'Gate 2',
      'Plot 7',
      `${'A'.repeat(79)}…`,
    ]);
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

describe('the page’s HTML', () => {
  const view = (changes: Partial<TrackingView> = {}): TrackingView => ({ ...trackingView(jobAfter(...ACCEPTED), 'Chai Point', minute(5)), ...changes });

  test.prop([fc.string(), fc.string()])('escapes whatever the store’s name and the drop’s address say', (name, address) => {
    const html = trackingPage(view({ storeName: name, dropLine: address }), en, now);
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

import { createHash } from 'node:crypto';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { toJobDetail } from '../../functions/schemas/job.schema.ts';
import { JobDetail, JobSummary } from '../../functions/schemas/views/job.view.ts';
import {
  bookingFingerprint,
  formatWeight,
  jobIdFor,
  seqOfJobId,
  verificationCode,
  visibleCode,
  visibleRiderLocation,
  toJobSummary,
  JOB_STATUSES,
  type JobSummaryData,
  type Handoff,
  type Job,
  type JobStatus,
} from '../../functions/core/job.ts';
import { assertQuoteBookable, newJob } from '../../functions/core/booking.ts';
import { BENGALURU_CHARGE_MINOR, pricedBengaluruQuote as quote, sampleBookingDetails, sampleStore } from '../helpers/fixtures.ts';

const store = sampleStore();
const now = new Date('2026-11-22T10:00:00.000Z');
const details = sampleBookingDetails;

function jobIn(status: JobStatus, overrides: Partial<Job> = {}): Job {
  return { ...newJob({ store, quote, details, idempotencyKey: 'k', seq: 1, now }), status, ...overrides };
}

describe('job ids', () => {
  it.each([1, 2, 999, 1_000_000, 2 ** 48 - 1])('carry the booking counter %i and give it back', (seq) => {
    const id = jobIdFor(seq);

    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(seqOfJobId(id)).toBe(seq);
  });

  it('differ for the same counter and do not show it', () => {
    const ids = Array.from({ length: 50 }, () => jobIdFor(1));

    expect(new Set(ids).size).toBe(50);
    expect(ids.filter((id) => id.endsWith('000000000001'))).toEqual([]);
  });

  it.each([
    ['a version 4 uuid', '123e4567-e89b-42d3-a456-426614174000'],
    ['not a uuid', 'job-1'],
    ['upper-case junk', 'ZZZZZZZZ-ZZZZ-8ZZZ-8ZZZ-ZZZZZZZZZZZZ'],
  ])('are not found in %s', (_case, id) => {
    expect(seqOfJobId(id)).toBeNull();
  });

  it.each([0, -1, 2 ** 48, 1.5])('refuse the counter %s', (seq) => {
    expect(() => jobIdFor(seq)).toThrow(RangeError);
  });
});

describe('formatWeight', () => {
  it.each([
    [1, '1 g'],
    [750, '750 g'],
    [999, '999 g'],
    [1000, '1 kg'],
    [1500, '1.5 kg'],
    [1234, '1.234 kg'],
    [100_000, '100 kg'],
  ])('shows %i grams as %s', (grams, text) => {
    expect(formatWeight(grams)).toBe(text);
  });
});

describe('verification codes', () => {
  it('are four digits', () => {
    for (let i = 0; i < 200; i++) expect(verificationCode()).toMatch(/^\d{4}$/);
  });

  it.each([
    ['pending', '1234'],
    ['active', '1234'],
    ['expired', null],
    ['verified', null],
    ['locked', null],
    ['unavailable', null],
  ] as const)('are shown to the merchant while %s: %s', (status, shown) => {
    const handoff: Handoff = { code: '1234', status, expiresAt: null, verifiedAt: null, failedAttempts: 0 };

    expect(visibleCode(handoff)).toBe(shown);
  });
});

describe('riderLocation', () => {
  const location = { latitude: 12.97, longitude: 77.6, accuracy: 5, recordedAt: '2026-11-22T10:01:00.000Z' };

  it.each(JOB_STATUSES.map((status) => [status, ['picked_by_agent', 'booking_in_progress', 'booked', 'pickup_completed'].includes(status)] as const))(
    'is visible in %s with a rider assigned: %s',
    (status, visible) => {
      expect(visibleRiderLocation(jobIn(status, { agentId: 'rider-7', riderLocation: location }))).toEqual(visible ? location : null);
    },
  );

  it('is hidden without an assigned rider', () => {
    expect(visibleRiderLocation(jobIn('booked', { agentId: null, riderLocation: location }))).toBeNull();
  });
});

describe('bookingFingerprint', () => {
  it('is the same for the same normalised details and differs when any detail differs', () => {
    const base = bookingFingerprint(details);

    expect(bookingFingerprint({ ...details })).toBe(base);
    for (const field of Object.keys(details) as Array<keyof typeof details>) {
      expect(bookingFingerprint({ ...details, [field]: `${details[field]}x` })).not.toBe(base);
    }
  });
});

describe('bookingFingerprint with instructions', () => {
  it('stays what it was before instructions existed when none are sent, so a retry across the upgrade still matches', () => {
    const before = createHash('sha256')
      .update(JSON.stringify([details.quoteId, details.externalOrderId, details.pickupName, details.pickupPhone, details.dropName, details.dropPhone]))
      .digest('hex');

    expect(bookingFingerprint(details)).toBe(before);
    expect(bookingFingerprint({ ...details, pickupInstructions: null, dropInstructions: undefined })).toBe(before);
  });

  it('differs when either instruction differs, and between the same text at the pickup and at the drop', () => {
    const atPickup = bookingFingerprint({ ...details, pickupInstructions: 'Gate 2' });
    const atDrop = bookingFingerprint({ ...details, dropInstructions: 'Gate 2' });

    expect(new Set([bookingFingerprint(details), atPickup, atDrop, bookingFingerprint({ ...details, dropInstructions: 'Gate 3' })]).size).toBe(4);
  });
});

describe('newJob', () => {
  it('starts created, with the charge reserved, one merchant event and two pending codes', () => {
    const job = newJob({ store: { ...store, sandbox: true }, quote, details, idempotencyKey: 'k', seq: 7, now });

    expect(job).toMatchObject({
      seq: 7,
      version: 1,
      status: 'created',
      settlement: 'reserved',
      testMode: true,
      chargeMinor: BENGALURU_CHARGE_MINOR,
      agentId: null,
      riderLocation: null,
    });
    expect(seqOfJobId(job.id)).toBe(7);
    expect(job.events).toEqual([{ id: expect.any(String), status: 'created', actor: 'merchant', note: null, createdAt: now.toISOString() }]);
    expect(job.verification.pickup).toEqual({
      code: expect.stringMatching(/^\d{4}$/),
      status: 'pending',
      expiresAt: null,
      verifiedAt: null,
      failedAttempts: 0,
    });
    expect(job.verification.delivery.status).toBe('pending');
  });
});

describe('booking checks', () => {
  it.each([
    ['a missing quote', null, 'quote_not_found'],
    ['a used quote', { ...quote, usedAt: '2026-11-22T09:59:00.000Z' }, 'quote_used'],
    ['an expired quote', { ...quote, expiresAt: now.toISOString() }, 'quote_expired'],
  ])('refuse %s', (_case, candidate, code) => {
    expect(() => assertQuoteBookable(candidate, 'q-1', now)).toThrow(expect.objectContaining({ code }));
  });

  it('accept a quote one millisecond before it expires', () => {
    expect(() => assertQuoteBookable({ ...quote, expiresAt: new Date(now.getTime() + 1).toISOString() }, 'q-1', now)).not.toThrow();
  });
});

describe('a job’s summary', () => {
  it('is made without zod, in exactly the shape the API describes (JobSummary), and passes its schema', () => {
    const job = newJob({ store, quote, details, idempotencyKey: 'k', seq: 1, now });

    expectTypeOf<JobSummaryData>().toEqualTypeOf<JobSummary>();
    expect(JobSummary.parse(toJobSummary(job))).toEqual(toJobSummary(job));
  });
});

describe('the job detail of a delivery that did not go to plan', () => {
  const trip = {
    reason: 'recalled' as const,
    status: 'returning' as const,
    chargeMinor: 3500,
    chargeSettlement: 'reserved' as const,
    startedAt: now.toISOString(),
    returnedAt: null,
    handoff: { code: '4321', status: 'pending' as const, expiresAt: null, verifiedAt: null, failedAttempts: 0 },
  };

  it('shows [] and nulls for a job that has had none of it', () => {
    const detail = toJobDetail(jobIn('booked'), now);

    expect({ deliveryAttempts: detail.deliveryAttempts, pendingDecision: detail.pendingDecision, returnTrip: detail.returnTrip }).toEqual({
      deliveryAttempts: [],
      pendingDecision: null,
      returnTrip: null,
    });
  });

  it('shows the attempts, the decision and the return trip without its charge settlement, the code while it can be used', () => {
    const attempt = { number: 1, reason: 'customer_unreachable' as const, note: null, createdAt: now.toISOString() };
    const decision = { options: ['reattempt' as const, 'return' as const], deadlineAt: now.toISOString(), defaultAction: 'return' as const };
    const job = jobIn('cancelled', { deliveryAttempts: [attempt], pendingDecision: decision, returnTrip: trip });

    const detail = toJobDetail(job, now);

    expect({ deliveryAttempts: detail.deliveryAttempts, pendingDecision: detail.pendingDecision, returnTrip: detail.returnTrip }).toEqual({
      deliveryAttempts: [attempt],
      pendingDecision: decision,
      returnTrip: {
        reason: 'recalled',
        status: 'returning',
        chargeMinor: 3500,
        startedAt: now.toISOString(),
        returnedAt: null,
        verification: { status: 'pending', code: '4321', expiresAt: null, verifiedAt: null },
      },
    });
    expect(JobDetail.safeParse(detail).success).toBe(true);
  });

  it('hides the return code once it is verified', () => {
    const returned = {
      ...trip,
      status: 'returned' as const,
      returnedAt: now.toISOString(),
      handoff: { ...trip.handoff, status: 'verified' as const, verifiedAt: now.toISOString() },
    };

    expect(toJobDetail(jobIn('cancelled', { returnTrip: returned }), now).returnTrip?.verification).toEqual({
      status: 'verified',
      code: null,
      expiresAt: null,
      verifiedAt: now.toISOString(),
    });
  });
});

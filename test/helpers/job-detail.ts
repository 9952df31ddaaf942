import { expect } from 'vitest';
import { BENGALURU_CHARGE_MINOR } from './fixtures.ts';

/** Matchers for what a booking generates. */
export const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const ID = expect.stringMatching(JOB_ID);
export const AT = expect.stringMatching(ISO);
export const CODE = expect.stringMatching(/^\d{4}$/);
export const PENDING = { status: 'pending', code: CODE, expiresAt: null, verifiedAt: null };

/** The job detail of a fresh booking of bengaluruQuote with the fixtures' booking body. */
export function bookedDetail(overrides: Record<string, unknown> = {}) {
  return {
    id: ID,
    externalOrderId: 'ORD-1001',
    status: 'created',
    agentId: null,
    dropName: 'Asha Rao',
    dropAddress: '100 Feet Road, Indiranagar, Bengaluru',
    dropCity: 'Bengaluru',
    dropPincode: '560038',
    dropPhone: '+919845012345',
    packageDescription: 'Documents',
    chargeMinor: BENGALURU_CHARGE_MINOR,
    settlement: 'reserved',
    createdAt: AT,
    updatedAt: AT,
    pickupName: 'Chai Point, MG Road',
    pickupAddress: 'MG Road, Bengaluru',
    pickupCity: 'Bengaluru',
    pickupPincode: '560001',
    pickupPhone: '+919876543210',
    pickupLatitude: 12.9756,
    pickupLongitude: 77.6066,
    dropLatitude: 12.9784,
    dropLongitude: 77.6408,
    packageWeight: '750 g',
    packageWeightGrams: 750,
    packageValue: 1500,
    packageValueMinor: 150_000,
    pickupInstructions: null,
    dropInstructions: null,
    riderLocation: null,
    events: [{ id: ID, status: 'created', actor: 'merchant', note: null, createdAt: AT }],
    verification: { testMode: false, pickup: PENDING, delivery: PENDING },
    deliveryAttempts: [],
    pendingDecision: null,
    returnTrip: null,
    collection: null,
    ...overrides,
  };
}

/** The seed's job summary, a list item's fields: whatever the list's filter, it has exactly these. */
export const SUMMARY_KEYS = [
  'id',
  'externalOrderId',
  'status',
  'agentId',
  'dropName',
  'dropAddress',
  'dropCity',
  'dropPincode',
  'dropPhone',
  'packageDescription',
  'chargeMinor',
  'settlement',
  'createdAt',
  'updatedAt',
] as const;

import { createdEventExample, EXAMPLE_AT, EXAMPLE_JOB_ID, variant } from './examples.ts';

/** The fleet document's example jobs: one rider's job at its steps. */

export const pendingFleetHandoffsExample = {
  pickup: { status: 'pending', expiresAt: null, verifiedAt: null, attemptsRemaining: 5 },
  delivery: { status: 'pending', expiresAt: null, verifiedAt: null, attemptsRemaining: 5 },
};
export const fleetJobExample = {
  id: EXAMPLE_JOB_ID,
  status: 'booked',
  agentId: 'rider_7Qm2Xc9LpB4tR1vN8sKd',
  version: 5,
  pickup: {
    address: 'MG Road, Bengaluru',
    city: 'Bengaluru',
    pincode: '560001',
    latitude: 12.9756,
    longitude: 77.6066,
    name: 'Chai Point, MG Road',
    phone: '+919876543210',
    instructions: null,
  },
  drop: {
    address: '100 Feet Road, Indiranagar, Bengaluru',
    city: 'Bengaluru',
    pincode: '560038',
    latitude: 12.9784,
    longitude: 77.6408,
    name: 'Asha Rao',
    phone: '+919845012345',
    instructions: 'Gate behind the temple, 3rd floor',
  },
  distanceMeters: 4834,
  packageDescription: 'Documents',
  packageWeight: '750 g',
  riderLocation: { latitude: 12.9761, longitude: 77.6102, accuracy: 12, recordedAt: '2026-11-22T10:04:10.000Z' },
  verification: pendingFleetHandoffsExample,
  deliveryAttempts: [],
  pendingDecision: null,
  returnTrip: null,
  collection: null,
  events: [
    createdEventExample,
    { id: '0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b', status: 'queued', actor: 'system', note: null, createdAt: '2026-11-22T10:00:01.000Z' },
    {
      id: '1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c',
      status: 'picked_by_agent',
      actor: 'rider:rider_7Qm2Xc9LpB4tR1vN8sKd',
      note: null,
      createdAt: '2026-11-22T10:02:00.000Z',
    },
    {
      id: '2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d',
      status: 'booking_in_progress',
      actor: 'rider:rider_7Qm2Xc9LpB4tR1vN8sKd',
      note: null,
      createdAt: '2026-11-22T10:02:30.000Z',
    },
    {
      id: '3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e',
      status: 'booked',
      actor: 'rider:rider_7Qm2Xc9LpB4tR1vN8sKd',
      note: null,
      createdAt: '2026-11-22T10:03:00.000Z',
    },
  ],
  createdAt: EXAMPLE_AT,
  updatedAt: '2026-11-22T10:04:10.000Z',
};
export const arrivedHandoffsExample = variant(pendingFleetHandoffsExample, {
  pickup: { status: 'active', expiresAt: '2026-11-22T10:40:00.000Z', verifiedAt: null, attemptsRemaining: 5 },
});

export const attemptedExample = variant(fleetJobExample, {
  status: 'pickup_completed',
  verification: {
    pickup: { status: 'verified', expiresAt: '2026-11-22T10:40:00.000Z', verifiedAt: '2026-11-22T10:12:00.000Z', attemptsRemaining: 5 },
    delivery: { status: 'unavailable', expiresAt: null, verifiedAt: null, attemptsRemaining: 5 },
  },
  deliveryAttempts: [{ number: 1, reason: 'customer_unreachable', note: 'Called twice, no answer', createdAt: '2026-11-22T10:31:00.000Z' }],
  pendingDecision: { options: ['reattempt', 'return'], deadlineAt: '2026-11-22T10:41:00.000Z', defaultAction: 'return' },
});
export const returningExample = variant(attemptedExample, {
  status: 'failed',
  verification: {
    pickup: { status: 'verified', expiresAt: '2026-11-22T10:40:00.000Z', verifiedAt: '2026-11-22T10:12:00.000Z', attemptsRemaining: 5 },
    delivery: { status: 'unavailable', expiresAt: null, verifiedAt: null, attemptsRemaining: 5 },
  },
  pendingDecision: null,
  returnTrip: {
    reason: 'undeliverable',
    status: 'returning',
    startedAt: '2026-11-22T10:41:00.000Z',
    returnedAt: null,
    verification: { status: 'active', expiresAt: '2026-11-22T11:20:00.000Z', verifiedAt: null, attemptsRemaining: 5 },
  },
});

export const codJobAtDropExample = variant(fleetJobExample, {
  status: 'pickup_completed',
  verification: {
    pickup: { status: 'verified', expiresAt: '2026-11-22T10:40:00.000Z', verifiedAt: '2026-11-22T10:12:00.000Z', attemptsRemaining: 5 },
    delivery: { status: 'active', expiresAt: '2026-11-22T11:00:00.000Z', verifiedAt: null, attemptsRemaining: 5 },
  },
  collection: { amountMinor: 85000, status: 'collected', method: 'upi', reference: '433512345678', collectedAt: '2026-11-22T10:31:00.000Z' },
});

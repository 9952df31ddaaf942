import type { EventType } from '../../core/event.ts';
import { EXAMPLE_AT, EXAMPLE_JOB_ID, variant } from './examples.ts';
import { attemptExample, codJobExample, jobExample, returningJobExample } from './job.docs.ts';
import { remittanceExample } from './remittance.docs.ts';
import { endpointExample } from './webhook.docs.ts';

// One example event of every type (the webhooks' examples in docs/openapi.json, and the feed's): read by
// scripts/openapi-document.ts and the tests only, never by a Lambda handler.

const summary = jobExample;

const at = (minute: number) => new Date(Date.parse(EXAMPLE_AT) + minute * 60_000).toISOString();
// A stable, well-formed event id per type (evt_ and 24 base62 characters).
const eventId = (type: string) =>
  `evt_${type
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(24, '0')
    .slice(-24)}`;

/** A job event of `type`: the job (as the list shows it) after the change, the status before it, and the type's own data. */
function jobEvent(type: EventType, sequence: number, previousStatus: string | null, job: Partial<typeof summary>, own: object = {}) {
  const updatedAt = at(sequence);
  return {
    id: eventId(type),
    type,
    createdAt: updatedAt,
    livemode: true,
    jobId: EXAMPLE_JOB_ID,
    sequence,
    data: { previousStatus, job: variant(summary, { updatedAt, ...job }), ...own },
  };
}

const rider = { agentId: 'rider-7' };
const returned = variant(returningJobExample.returnTrip, {
  status: 'returned',
  returnedAt: at(52),
  verification: { status: 'verified', code: null, expiresAt: null, verifiedAt: at(52) },
});

/** One example of every event type, by type. */
export const EVENT_EXAMPLES: Record<EventType, object> = {
  'job.created': jobEvent('job.created', 1, null, {}),
  'job.queued': jobEvent('job.queued', 2, 'created', { status: 'queued' }),
  'job.picked_by_agent': jobEvent('job.picked_by_agent', 3, 'queued', { status: 'picked_by_agent', ...rider }),
  'job.booking_in_progress': jobEvent('job.booking_in_progress', 3, 'queued', { status: 'booking_in_progress' }),
  'job.booked': jobEvent('job.booked', 4, 'booking_in_progress', { status: 'booked', ...rider }),
  'job.pickup_completed': jobEvent('job.pickup_completed', 4, 'picked_by_agent', { status: 'pickup_completed', ...rider }),
  'job.delivered': jobEvent('job.delivered', 5, 'pickup_completed', { status: 'delivered', settlement: 'captured', ...rider }),
  'job.failed': jobEvent('job.failed', 6, 'pickup_completed', { status: 'failed', settlement: 'captured', ...rider }),
  'job.cancelled': jobEvent('job.cancelled', 3, 'queued', { status: 'cancelled', settlement: 'released' }),
  'job.settlement_changed': jobEvent('job.settlement_changed', 6, 'delivered', { status: 'delivered', settlement: 'captured', ...rider }),
  'job.updated': jobEvent('job.updated', 3, 'queued', { status: 'queued', dropPhone: '+919845054321' }, { changedFields: ['dropPhone'] }),
  'job.delivery_attempted': jobEvent(
    'job.delivery_attempted',
    5,
    'pickup_completed',
    { status: 'pickup_completed', ...rider },
    { deliveryAttempt: attemptExample, pendingDecision: { options: ['reattempt', 'return'], deadlineAt: at(44), defaultAction: 'return' } },
  ),
  'job.return_started': jobEvent(
    'job.return_started',
    5,
    'pickup_completed',
    { status: 'cancelled', settlement: 'captured', ...rider },
    { returnTrip: returningJobExample.returnTrip },
  ),
  'job.returned': jobEvent('job.returned', 7, 'cancelled', { status: 'cancelled', settlement: 'captured', ...rider }, { returnTrip: returned }),
  'job.return_failed': jobEvent(
    'job.return_failed',
    7,
    'cancelled',
    { status: 'cancelled', settlement: 'captured', ...rider },
    { returnTrip: variant(returned, { status: 'failed', returnedAt: null, verification: returningJobExample.returnTrip.verification }) },
  ),
  'job.collection_updated': jobEvent(
    'job.collection_updated',
    5,
    'pickup_completed',
    { status: 'pickup_completed', chargeMinor: codJobExample.chargeMinor, ...rider },
    { collection: codJobExample.collection },
  ),
  'job.location_updated': jobEvent('job.location_updated', 5, 'pickup_completed', { status: 'pickup_completed', ...rider }),
  'webhook_endpoint.disabled': {
    id: eventId('webhook_endpoint.disabled'),
    type: 'webhook_endpoint.disabled',
    createdAt: at(90),
    livemode: true,
    jobId: null,
    sequence: null,
    data: { endpoint: variant(endpointExample, { status: 'disabled' }) },
  },
  'webhook_endpoint.test': {
    id: eventId('webhook_endpoint.test'),
    type: 'webhook_endpoint.test',
    createdAt: at(95),
    livemode: true,
    jobId: null,
    sequence: null,
    data: { endpoint: endpointExample },
  },
  'remittance.created': {
    id: eventId('remittance.created'),
    type: 'remittance.created',
    createdAt: remittanceExample.createdAt,
    livemode: true,
    jobId: null,
    sequence: null,
    data: { remittance: remittanceExample },
  },
};

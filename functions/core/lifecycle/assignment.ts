import { ASSIGNED, declinedBy, isReturning } from '../job.ts';
import type { MoveDefinition } from './move.ts';

// The offer and the rider's assignment: the job goes on offer, a rider takes it, confirms it, or
// gives it back, and reports where they are while they hold it.

/**
 * From this many declines on, each decline of the job is reported to operations (`job declined
 * repeatedly` in the logs). Declines never end a job: that would let a few rider keys end any job;
 * the dispatch timeout decides, and each rider declines a job at most once.
 */
export const REPEATED_DECLINES = 5;

/** dispatch (the dispatcher): a new job goes on offer. */
export const dispatch: MoveDefinition<'dispatch'> = {
  apply: (m) => {
    m.requireStatus('created');
    return m.done(m.next({ status: 'queued' }));
  },
  mayStartReturn: false,
  isRetry: false, // the dispatcher's move
};

/** accept (a rider): takes an offer they have not declined. */
export const accept: MoveDefinition<'accept'> = {
  apply: (m) => {
    m.requireStatus('queued');
    if (declinedBy(m.job).includes(m.event.agentId)) throw m.illegal('You declined this job; it is offered to other riders');
    return m.done(m.next({ status: 'picked_by_agent', agentId: m.event.agentId }));
  },
  mayStartReturn: false,
  isRetry: (job) => job.status === 'picked_by_agent',
};

/** start_confirmation (the rider who accepted). */
export const startConfirmation: MoveDefinition<'start_confirmation'> = {
  apply: (m) => {
    m.requireStatus('picked_by_agent');
    return m.done(m.next({ status: 'booking_in_progress' }));
  },
  mayStartReturn: false,
  isRetry: (job) => job.status === 'booking_in_progress',
};

/** confirm (the rider): the job is booked; the rider heads for the pickup. */
export const confirm: MoveDefinition<'confirm'> = {
  apply: (m) => {
    m.requireStatus('booking_in_progress');
    return m.done(m.next({ status: 'booked' }));
  },
  mayStartReturn: false,
  // Booked, and not yet at the pickup (arriving there is a move of its own).
  isRetry: (job) => job.status === 'booked' && job.verification.pickup.status === 'pending',
};

/**
 * decline: the rider gives the job back, or the dispatcher (`system`) does for a rider whose
 * acceptance went unconfirmed too long, or who confirmed and has not reached the pickup in time; a
 * rider who confirmed fails the job instead. The job goes back on offer.
 */
export const decline: MoveDefinition<'decline'> = {
  apply: (m) => {
    const { job, actor } = m;
    const noShow = actor === 'system' && job.status === 'booked';
    if (noShow && job.verification.pickup.status !== 'pending') throw m.illegal('The rider is at the pickup');
    if (!noShow) m.requireStatus('picked_by_agent', 'booking_in_progress');
    const rider = job.agentId ?? 'the rider';
    const why = noShow ? `Not at the pickup in time: ${rider}` : actor === 'system' ? `Not confirmed in time by ${rider}` : `Declined by ${rider}`;
    return m.done(m.next({ status: 'queued', agentId: null, riderLocation: null }, why));
  },
  mayStartReturn: false,
  isRetry: false, // not recognisable: the job is back on offer, as after anyone's decline
};

/** report_location (the rider who holds the job, also on the way back). */
export const reportLocation: MoveDefinition<'report_location'> = {
  apply: (m) => {
    const { job, event } = m;
    if (!ASSIGNED.has(job.status) && !isReturning(job)) throw m.illegal('A rider location is taken only while a rider is assigned');
    return m.done(m.next({ riderLocation: { latitude: event.latitude, longitude: event.longitude, accuracy: event.accuracy, recordedAt: m.at } }));
  },
  mayStartReturn: false,
  isRetry: false, // each report is news: a repeat is taken again
};

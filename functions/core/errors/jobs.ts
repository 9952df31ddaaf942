/** A job's changes: not found, raced, or not allowed in its state. */
import { AppError } from './base.ts';

/** No job with this id for the caller: the store's own jobs, or for a fleet key those on offer or assigned to it. */
export class JobNotFoundError extends AppError {
  constructor(jobId: string, seenBy: 'store' | 'fleet' = 'store') {
    super('job_not_found', seenBy === 'store' ? `No job ${jobId} for this store` : `No job ${jobId} on offer or assigned to this key`);
    this.name = 'JobNotFoundError';
  }
}

/** The job ended more than a day ago: its tracking page has closed, so no new link is made. */
export class TrackingClosedError extends AppError {
  constructor(jobId: string, closedAt: string) {
    super('tracking_closed', `Job ${jobId} ended more than 24 h ago; its tracking page closed at ${closedAt}`);
    this.name = 'TrackingClosedError';
  }
}

/** The job changed between our read and our write (a version condition failed). */
export class ConcurrentModificationError extends AppError {
  constructor() {
    super('concurrent_modification', 'The job changed while this change was being made; fetch it and retry');
    this.name = 'ConcurrentModificationError';
  }
}

/**
 * A change decided again on the job (or endpoint) as it now is lost its race on every try (it kept
 * changing under it): nothing was written, and the same request a moment later is decided on it then.
 */
export class KeptChangingError extends AppError {
  declare readonly retryAfterSeconds: number;

  constructor(what: 'job' | 'webhook endpoint' | 'API keys') {
    super('service_unavailable', `The ${what} kept changing while this change was being made; send the same request again in a second`, {
      retryAfterSeconds: 1,
    });
    this.name = 'KeptChangingError';
  }
}

/** A cancel after pickup: the parcel is with the rider, so the call is a return (POST /v1/jobs/{id}/return). */
export class ParcelReturnRequiredError extends AppError {
  constructor(jobId: string) {
    super(
      'parcel_return_required',
      'The parcel has been picked up; it must be returned before the job can end: POST /v1/jobs/{id}/return recalls it to the pickup',
      { details: { returnPath: `/v1/jobs/${jobId}/return` } },
    );
    this.name = 'ParcelReturnRequiredError';
  }
}

/** A return asked for before the parcel was picked up: nothing to bring back, so the call is a cancel. */
export class ParcelNotPickedUpError extends AppError {
  constructor(jobId: string, status: string) {
    super('parcel_not_picked_up', `A ${status} job has no parcel to bring back: POST /v1/jobs/{id}/cancel ends it`, {
      details: { status, cancelPath: `/v1/jobs/${jobId}/cancel` },
    });
    this.name = 'ParcelNotPickedUpError';
  }
}

/** A decision sent for a job that waits for none (no failed attempt, already decided, or the deadline's default applied). */
export class NoDecisionPendingError extends AppError {
  constructor(status: string) {
    super('no_decision_pending', `The job (${status}) is not waiting for a decision: one is asked for only after a failed delivery attempt`, {
      details: { status },
    });
    this.name = 'NoDecisionPendingError';
  }
}

/**
 * A decision sent after its deadline (`pendingDecision.deadlineAt`): too late, whether or not a
 * worker had applied the default yet; the default (`defaultAction`) applies instead.
 */
export class DecisionDeadlinePassedError extends AppError {
  constructor(defaultAction: 'reattempt' | 'return', deadlineAt: string) {
    super('decision_deadline_passed', `The decision's deadline (${deadlineAt}) has passed: its default, ${defaultAction}, applies`, {
      details: { defaultAction },
    });
    this.name = 'DecisionDeadlinePassedError';
  }
}

/** An edit of fields the job's state no longer lets change (the pickup's once picked up, any once the job ended). */
export class JobNotEditableError extends AppError {
  constructor(fields: string[], status: string) {
    super('job_not_editable', `A ${status} job cannot change ${fields.join(', ')}`, { details: { fields, status } });
    this.name = 'JobNotEditableError';
  }
}

/** A conditional request (If-Match) on a job that changed since the client read it. */
export class PreconditionFailedError extends AppError {
  constructor() {
    super('precondition_failed', 'The job changed since you read it (If-Match does not name its current ETag); read it again and retry');
    this.name = 'PreconditionFailedError';
  }
}

/** A cancel of a job that has ended: 400 as the seed has it, naming the job's status so a retried cancel reads as one. */
export class NotCancellableError extends AppError {
  constructor(status: string) {
    super('not_cancellable', `A ${status} job cannot be cancelled`, { details: { status } });
    this.name = 'NotCancellableError';
  }
}

/**
 * A job item DynamoDB will not let grow (its 400 KB limit). The workers count it as a failure of
 * theirs (`worker item failed`); operations end the job with `npm run admin -- job end`.
 */
export class JobFullError extends AppError {
  constructor() {
    super('invalid_transition', 'This job has taken as many changes as it can hold; it cannot change any more');
    this.name = 'JobFullError';
  }
}

/** Events and webhooks: the store's events, its endpoints and redelivery by hand. */
import { AppError } from './base.ts';

/** No event with this id for the store (another store's events are not found either). */
export class EventNotFoundError extends AppError {
  constructor(eventId: string) {
    super('event_not_found', `No event ${eventId} for this store`);
    this.name = 'EventNotFoundError';
  }
}

/** No webhook endpoint with this id for the store. */
export class WebhookEndpointNotFoundError extends AppError {
  constructor(endpointId: string) {
    super('webhook_endpoint_not_found', `No webhook endpoint ${endpointId} for this store`);
    this.name = 'WebhookEndpointNotFoundError';
  }
}

/** A redelivery to every endpoint that takes the event, when no enabled endpoint of the store takes its type. */
export class NoSubscribedEndpointError extends AppError {
  constructor(eventType: string) {
    super(
      'no_subscribed_endpoint',
      `No enabled webhook endpoint of this store takes ${eventType} events; name one with endpointId, or subscribe one to the type`,
    );
    this.name = 'NoSubscribedEndpointError';
  }
}

/** The event was sent to the endpoint by hand too recently (once per REDELIVERY_INTERVAL_MS). */
export class RedeliveryLimitedError extends AppError {
  declare readonly retryAfterSeconds: number;

  constructor(eventId: string, endpointId: string, intervalSeconds: number, retryAfterSeconds: number) {
    super(
      'redelivery_limited',
      `Event ${eventId} was sent to endpoint ${endpointId} by hand less than ${intervalSeconds} s ago; retry in ${retryAfterSeconds} s`,
      { retryAfterSeconds },
    );
    this.name = 'RedeliveryLimitedError';
  }
}

/** The store has as many webhook endpoints as it may have. */
export class EndpointLimitError extends AppError {
  constructor(max: number) {
    super('endpoint_limit_reached', `A store may have at most ${max} webhook endpoints; delete one first`);
    this.name = 'EndpointLimitError';
  }
}

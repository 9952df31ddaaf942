import { workerHandler } from '../../engine/lambda.ts';
import { baseRuntime, eventsPart, webhookEndpointsPart, withParts } from '../../runtime.ts';
import { relayPass } from '../relay.ts';
import type { WorkerRuntime } from '../worklist.ts';

/**
 * The event relay on AWS, woken by outbox writes; it wakes the sender when it placed deliveries. Its
 * pass is typed for the whole worker runtime but reads only the events and the stores' endpoints.
 */
export const handler = workerHandler(
  'relay',
  () => withParts(baseRuntime(), { events: eventsPart, webhookEndpoints: webhookEndpointsPart }) as WorkerRuntime,
  relayPass,
);

import { EventNotFoundError } from '../core/errors.ts';
import { merchantHandler } from '../http/handler.ts';
import { eventsPart } from '../runtime.ts';
import { ok } from '../http/responses.ts';
import { EventPath } from '../schemas/event.schema.ts';

/** GET /v1/events/{id}: one of the store's events, in one read. */
export const handler = merchantHandler('GET /v1/events/{id}', { path: EventPath, uses: { events: eventsPart } }, async ({ merchant, path, rt }) => {
  const event = await rt.events.get(merchant.storeId, path.id);
  if (!event) throw new EventNotFoundError(path.id);
  return ok(event);
});

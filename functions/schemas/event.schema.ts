import * as z from '../zod.ts';
import { EVENT_ID_PATTERN, EVENT_TYPES } from '../core/event.ts';
import { ENDPOINT_ID_PATTERN } from '../core/webhook.ts';
import { opaqueCursor, QueryInt } from './common.schema.ts';

/**
 * A feed cursor: where a reader is in its store's feed (the position of the last event it was given,
 * or of the last one a filtered page looked at). Opaque to clients: base64url of `feed:<position>`.
 */
const feedCursor = opaqueCursor(
  'feed',
  /\d{1,15}/,
  64,
  'The `nextCursor` of an earlier page: the events after it. Without it, the feed from its start (the last 30 days).',
);
export const encodeCursor = (position: number): string => feedCursor.encode(String(position));

/** Query of GET /v1/events; unknown parameters are rejected. */
export const EventListQuery = z.strictObject({
  limit: QueryInt(1, 100, 50),
  after: z.optional(z.pipe(feedCursor.schema, z.transform(Number))),
  jobId: z.optional(
    z.pipe(
      z.uuid({ error: 'Must be a job id (a UUID)' }),
      z.transform((id) => id.toLowerCase()),
    ),
  ),
  type: z.optional(z.enum(EVENT_TYPES)),
});
export type EventListQuery = z.infer<typeof EventListQuery>;

/** Path of GET /v1/events/{id}. */
export const EventPath = z.object({ id: z.string().check(z.regex(EVENT_ID_PATTERN, 'Must be an event id (evt_ and 24 letters or digits)')) });

/** Body of POST /v1/events/{id}/redeliver (optional: without it, to every enabled endpoint that takes the event). */
export const RedeliverRequest = z.strictObject({
  endpointId: z.optional(z.string().check(z.regex(ENDPOINT_ID_PATTERN, 'Must be a webhook endpoint id (we_ and 24 letters or digits)'))),
});

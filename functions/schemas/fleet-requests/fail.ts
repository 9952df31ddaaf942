import * as z from '../../zod.ts';

/** Body of POST …/fail: why the delivery cannot go on (shown to the merchant as the event's note). */
export const FailRequest = z.strictObject({ reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)) });

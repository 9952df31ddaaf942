import * as z from '../../zod.ts';

/** Body of POST …/handoffs/{handoff}/code: the four digits the store (pickup) or the customer (delivery) gave. */
export const CodeRequest = z.strictObject({ code: z.string().check(z.regex(/^\d{4}$/, 'Must be the four-digit code')) });

import * as z from '../zod.ts';

/** A new link to a job's tracking page. */
export const TrackingLink = z.strictObject({
  url: z.url().check(
    z.meta({
      description: 'The page’s address, for the customer (by SMS or WhatsApp). Its token is shown only here; anyone with the link sees the page.',
    }),
  ),
  expiresAt: z.nullable(z.iso.datetime()).check(
    z.meta({
      description: 'When the link stops working: 24 h after the job ends. Null while the job is live (the link works until then).',
    }),
  ),
});

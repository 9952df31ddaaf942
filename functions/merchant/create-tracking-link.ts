import { merchantHandler } from '../http/handler.ts';
import { jobReaderPart, trackingPart } from '../runtime.ts';
import { publicUrl } from '../http/public-url.ts';
import { created } from '../http/responses.ts';
import { JobPath } from '../schemas/job.schema.ts';
import { createTrackingLink } from '../use-cases/tracking.ts';

/** POST /v1/jobs/{id}/tracking-link: a new link to the job's tracking page, for the merchant to send the customer. */
export const handler = merchantHandler(
  'POST /v1/jobs/{id}/tracking-link',
  { path: JobPath, uses: { jobReader: jobReaderPart, tracking: trackingPart } },
  async ({ merchant, path, rt, event }) => {
    const link = await createTrackingLink(rt, merchant, path.id, new Date());
    return created({ url: publicUrl(event, `/track/${link.token}`), expiresAt: link.expiresAt });
  },
);

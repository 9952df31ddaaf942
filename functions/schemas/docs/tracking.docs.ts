import { JobPath } from '../job-parts.ts';
import type { OperationDocs } from './operation.ts';
import { TrackingLink } from '../tracking.schema.ts';

// The API description of tracking.schema.ts's routes: read by scripts/openapi-document.ts only, never by a Lambda handler.

export const trackingOperations = {
  'POST /v1/jobs/{id}/tracking-link': {
    operationId: 'createTrackingLink',
    summary: 'A link to the job’s tracking page',
    description:
      'A new link to a public page where the person receiving the parcel follows it: the store’s name, the status with times, a map of the rider, the pickup and the drop, the delivery code while the rider is bringing the parcel, in English or Hindi. The page shows no phone number, no address beyond the drop’s area (locality and city, never the house number or street) and no price, and refreshes itself every 15 s. Each call makes a new link (an unguessable token of 192 bits); earlier links keep working. Every link stops working 24 h after the job ends; a job that ended longer ago than that answers 409 `tracking_closed`. The job itself is unchanged. Takes no body. Counts against the read limit.',
    tag: 'Jobs',
    path: JobPath,
    success: [
      {
        status: 201,
        description: 'The new link',
        name: 'TrackingLinkResponse',
        schema: TrackingLink,
        envelope: true,
        example: { data: { url: 'https://api.example.com/prod/track/pK3vQ9mZ2xW7bN4cR8tY1uH6jL0sD5fG', expiresAt: null } },
      },
    ],
    errors: [400, 401, 403, 404, 409, 429, 500, 503],
  },
} satisfies OperationDocs;

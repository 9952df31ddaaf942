import * as z from '../zod.ts';
import { JOB_STATUSES } from '../core/job.ts';
import { QueryInt } from './common.schema.ts';

// In a module of its own: only GET /v1/jobs parses it, so the date-time checks stay out of the job moves' bundles.

/** Query of GET /v1/jobs; unknown parameters are rejected, so a typo never silently drops a filter. */
export const JobListQuery = z
  .strictObject({
    status: z.optional(z.enum(JOB_STATUSES)),
    limit: QueryInt(1, 100, 50),
    offset: QueryInt(0, 100_000, 0),
    externalOrderId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    createdFrom: z.optional(z.iso.datetime({ offset: true })),
    createdTo: z.optional(z.iso.datetime({ offset: true })),
    needsDecision: z.optional(z.enum(['true', 'false'])),
  })
  .check(
    // An order id names a job or a few: it is looked up alone (its filters would only be read in memory).
    z.refine((q) => q.externalOrderId === undefined || [q.status, q.createdFrom, q.createdTo, q.needsDecision].every((other) => other === undefined), {
      message: 'Cannot be combined with status, createdFrom, createdTo or needsDecision',
      path: ['externalOrderId'],
    }),
    // A job waiting for a decision is always pickup_completed: a status beside it says nothing or contradicts it.
    z.refine((q) => q.needsDecision !== 'true' || q.status === undefined, { message: 'Cannot be combined with status', path: ['needsDecision'] }),
    z.refine((q) => q.createdFrom === undefined || q.createdTo === undefined || Date.parse(q.createdFrom) < Date.parse(q.createdTo), {
      message: 'Must be after createdFrom',
      path: ['createdTo'],
    }),
  );
export type JobListQuery = z.infer<typeof JobListQuery>;

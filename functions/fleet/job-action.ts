import type * as z from '../zod.ts';
import type { Job } from '../core/job.ts';
import type { LifecycleEvent } from '../core/lifecycle.ts';
import { fleetHandler, type FleetInput, type ProxyHandler } from '../http/handler.ts';
import { ok } from '../http/responses.ts';
import type { FleetRouteKey } from '../http/routes.ts';
import { toFleetJob } from '../schemas/fleet.schema.ts';
import { moveFleetJob } from '../use-cases/fleet-move.ts';
import { jobsPart } from '../runtime.ts';

/** What a move uses beside the base: the jobs. */
const USES = { jobs: jobsPart };

type Parsed<S> = S extends z.core.$ZodType ? z.infer<S> : undefined;

/**
 * A fleet route that applies one lifecycle event to the job in its path (moveFleetJob) and answers
 * 200 with the fleet's view of the job, also for a retry of a move already made. Code submissions
 * answer 422 wrong_code, 409 handoff_locked or 409 code_expired when refused (a wrong code is
 * recorded first). A move that creates a record takes an optional Idempotency-Key (`headers`:
 * FleetMoveHeaders): the same key again is a retry of that move.
 */
export function fleetJobAction<B extends z.core.$ZodType | undefined, P extends z.ZodMiniObject, H extends z.core.$ZodType | undefined = undefined>(
  key: FleetRouteKey,
  schemas: { body?: B; path: P; headers?: H },
  toEvent: (input: FleetInput<Parsed<B>, undefined, Parsed<P>, Parsed<H>, typeof USES>, job: Job) => LifecycleEvent,
): ProxyHandler {
  return fleetHandler(key, { ...schemas, uses: USES }, async (input) => {
    const idempotencyKey = (input.headers as { 'Idempotency-Key'?: string } | undefined)?.['Idempotency-Key'];
    const job = await moveFleetJob(input.rt, input.caller, (input.path as { id: string }).id, (read) => toEvent(input, read), idempotencyKey);
    return ok(toFleetJob(job, input.caller.role));
  });
}

import { dynamoCallScope } from '../data/client.ts';
import type { ApiMiddleware, ApiRequest } from './middleware.ts';

/**
 * Overlaps the route's reads with the rate-limit decision (`rateDecision`, started by the rate-limit
 * middleware before it): the route runs at once and its reads go out alongside the bucket's update,
 * but every write waits for the decision (the DynamoDB client's gate, `gateWrites` in
 * functions/data/client.ts) and so does the answer. A refused request is answered 429, whatever its
 * reads found meanwhile, and has written nothing.
 */
export function writeGate(): ApiMiddleware {
  function writeGateBefore(request: ApiRequest): void {
    const tally = dynamoCallScope.getStore();
    if (tally && request.context.rateDecision) tally.writeGate = request.context.rateDecision;
  }
  async function writeGateAfter(request: ApiRequest): Promise<void> {
    await request.context.rateDecision; // a refusal becomes the answer (the edge's onError)
  }
  async function writeGateOnError(request: ApiRequest): Promise<void> {
    // The refusal comes first, as if it had been decided before anything else.
    const refused = await request.context.rateDecision?.then(
      () => null,
      (error: unknown) => error as Error,
    );
    if (refused) request.error = refused;
  }
  return { before: writeGateBefore, after: writeGateAfter, onError: writeGateOnError };
}

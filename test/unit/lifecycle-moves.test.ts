import { describe, expect, it } from 'vitest';
import { IllegalTransitionError, MOVES, moveName, type MoveDefinition, type MoveName } from '../../functions/core/lifecycle.ts';
import { SAMPLE_EVENTS } from '../../scripts/lifecycle-diagram.ts';

/**
 * The table `transition` dispatches over: one definition per event type, each saying how it moves a
 * job, whether it may start a return, and what a rider's retry of it looks like. The compiler holds
 * the table complete (the two @ts-expect-error lines below stop compiling if it no longer does);
 * these tests hold what each event declares.
 */

// @ts-expect-error: the table must define every event type
const partial: typeof MOVES = { dispatch: MOVES.dispatch };
// @ts-expect-error: a definition must say what a rider's retry of its event looks like
const withoutRetry: MoveDefinition<'confirm'> = { apply: MOVES.confirm.apply, mayStartReturn: false };
void [partial, withoutRetry]; // declared for the compiler alone

const declaring = (member: 'isRetry' | 'mayStartReturn') =>
  Object.entries(MOVES)
    .filter(([, definition]) => definition[member] !== false)
    .map(([type]) => type)
    .sort();

describe('MOVES', () => {
  it('has one definition per event type, each with its move', () => {
    const eventTypes = [...new Set(Object.values(SAMPLE_EVENTS).map((event) => event.type))].sort();

    expect(Object.keys(MOVES).sort()).toEqual(eventTypes);
    expect(Object.values(MOVES).every((definition) => typeof definition.apply === 'function')).toBe(true);
  });

  // Issue 33: a delivery attempt and the collection are recognised by their Idempotency-Key instead (use-cases/fleet-move.ts).
  it('recognises a retry of every move a rider sends from the fleet app without an Idempotency-Key, and of no other', () => {
    expect(declaring('isRetry')).toEqual(['accept', 'arrive', 'confirm', 'fail', 'start_confirmation', 'submit_code']);
  });

  it('reads the store’s credit only for the moves that can start a return', () => {
    expect(declaring('mayStartReturn')).toEqual(['attempt_delivery', 'decide', 'decision_timeout', 'recall', 'resolve_overdue']);
  });
});

describe('moveName', () => {
  it('names each sample event as the diagram and the refusals do', () => {
    for (const [name, event] of Object.entries(SAMPLE_EVENTS)) expect(moveName(event)).toBe(name as MoveName);
  });

  it('keeps the public names of a handoff’s arrival and code in a refusal', () => {
    const refusals = (['pickup', 'delivery', 'return'] as const).flatMap((handoff) => [
      new IllegalTransitionError({ status: 'cancelled' }, { type: 'arrive', handoff }).message,
      new IllegalTransitionError({ status: 'cancelled' }, { type: 'submit_code', handoff, code: '1234' }).message,
    ]);

    expect(refusals).toEqual([
      'A cancelled job cannot take "arrive_pickup"',
      'A cancelled job cannot take "submit_pickup_code"',
      'A cancelled job cannot take "arrive_drop"',
      'A cancelled job cannot take "submit_delivery_code"',
      'A cancelled job cannot take "arrive_return"',
      'A cancelled job cannot take "submit_return_code"',
    ]);
  });
});

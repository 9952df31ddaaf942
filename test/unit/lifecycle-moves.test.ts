import { describe, expect, it } from 'vitest';
import { IllegalTransitionError, MOVES, moveName, PUBLIC_CALLS, refusedCall, type MoveDefinition, type MoveName } from '../../functions/core/lifecycle.ts';
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

  it('names a handoff’s arrival and code in a refusal by the public call, its handoff in it', () => {
    const refusals = (['pickup', 'delivery', 'return'] as const).flatMap((handoff) => [
      new IllegalTransitionError({ status: 'cancelled' }, { type: 'arrive', handoff }).message,
      new IllegalTransitionError({ status: 'cancelled' }, { type: 'submit_code', handoff, code: '1234' }).message,
      new IllegalTransitionError({ status: 'cancelled' }, { type: 'reset_lock', handoff }).message,
    ]);

    expect(refusals).toEqual([
      'A cancelled job cannot take POST /fleet/v1/jobs/{id}/handoffs/pickup/arrive',
      'A cancelled job cannot take POST /fleet/v1/jobs/{id}/handoffs/pickup/code',
      'A cancelled job cannot take POST /fleet/v1/jobs/{id}/handoffs/pickup/reset-lock',
      'A cancelled job cannot take POST /fleet/v1/jobs/{id}/handoffs/delivery/arrive',
      'A cancelled job cannot take POST /fleet/v1/jobs/{id}/handoffs/delivery/code',
      'A cancelled job cannot take POST /fleet/v1/jobs/{id}/handoffs/delivery/reset-lock',
      'A cancelled job cannot take POST /fleet/v1/jobs/{id}/handoffs/return/arrive',
      'A cancelled job cannot take POST /fleet/v1/jobs/{id}/handoffs/return/code',
      'A cancelled job cannot take POST /fleet/v1/jobs/{id}/handoffs/return/reset-lock',
    ]);
  });

  it('names every move a client sends by its public call, never by its internal name (a recall is /return)', () => {
    expect(new IllegalTransitionError({ status: 'delivered' }, { type: 'recall' }).message).toBe('A delivered job cannot take POST /v1/jobs/{id}/return');
    for (const [name, event] of Object.entries(SAMPLE_EVENTS) as Array<[MoveName, (typeof SAMPLE_EVENTS)[MoveName]]>) {
      const message = new IllegalTransitionError({ status: 'cancelled' }, event).message;
      const call = PUBLIC_CALLS[name];
      if (call === null) continue; // the platform's own moves: no client is refused them
      expect(message, name).toContain(call.split(' {')[0]!.split('{handoff}')[0]!);
      // The internal name appears only where it is the call's own word (accept, confirm, decline, fail, cancel).
      if (!call.split(/[\s/]/).includes(name)) expect(message, name).not.toMatch(new RegExp(`(?<![\\w-])${name}(?![\\w-])`));
    }
  });

  it('has a public call or a reason for every move (a new move must say what its refusal names)', () => {
    expect(Object.keys(PUBLIC_CALLS).sort()).toEqual(Object.keys(SAMPLE_EVENTS).sort());
    expect(refusedCall('dispatch')).toBe('"dispatch"');
  });
});

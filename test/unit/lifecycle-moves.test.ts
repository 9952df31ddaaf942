import { describe, expect, it } from 'vitest';
import { IllegalTransitionError, MOVES, moveName, publicCall, type MoveDefinition, type MoveName } from '../../functions/core/lifecycle.ts';
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
    const calls = Object.fromEntries(Object.entries(SAMPLE_EVENTS).map(([name, event]) => [name, publicCall(event)]));
    expect(calls).toEqual({
      dispatch: null,
      dispatch_timeout: null,
      accept: 'POST /fleet/v1/jobs/{id}/accept',
      start_confirmation: 'POST /fleet/v1/jobs/{id}/start-confirmation',
      confirm: 'POST /fleet/v1/jobs/{id}/confirm',
      decline: 'POST /fleet/v1/jobs/{id}/decline',
      report_location: 'POST /fleet/v1/jobs/{id}/location',
      arrive_pickup: 'POST /fleet/v1/jobs/{id}/handoffs/pickup/arrive',
      arrive_drop: 'POST /fleet/v1/jobs/{id}/handoffs/delivery/arrive',
      arrive_return: 'POST /fleet/v1/jobs/{id}/handoffs/return/arrive',
      submit_pickup_code: 'POST /fleet/v1/jobs/{id}/handoffs/pickup/code',
      submit_delivery_code: 'POST /fleet/v1/jobs/{id}/handoffs/delivery/code',
      submit_return_code: 'POST /fleet/v1/jobs/{id}/handoffs/return/code',
      fail: 'POST /fleet/v1/jobs/{id}/fail',
      cancel: 'POST /v1/jobs/{id}/cancel',
      edit: 'PATCH /v1/jobs/{id}',
      reset_lock: expect.stringMatching(/^POST \/fleet\/v1\/jobs\/\{id\}\/handoffs\/(pickup|delivery|return)\/reset-lock$/),
      reissue_code: expect.stringMatching(/^POST \/fleet\/v1\/jobs\/\{id\}\/handoffs\/(pickup|delivery|return)\/reissue-code$/),
      resolve: null,
      attempt_delivery: 'POST /fleet/v1/jobs/{id}/delivery-attempts',
      decide: 'POST /v1/jobs/{id}/decision',
      decision_timeout: null,
      recall: 'POST /v1/jobs/{id}/return',
      resolve_return: null,
      collect: 'POST /fleet/v1/jobs/{id}/collection',
      remit: null,
      mark_overdue: null,
      resolve_overdue: null,
    });
    for (const [name, event] of Object.entries(SAMPLE_EVENTS)) {
      const message = new IllegalTransitionError({ status: 'cancelled' }, event).message;
      const call = calls[name] ?? null;
      // The platform's and operations' CLI's moves reach no API client: their refusals keep the move's name.
      expect(message, name).toBe(`A cancelled job cannot take ${call ?? `"${name}"`}`);
      if (call !== null && !call.split(/[\s/]/).includes(name)) expect(message, name).not.toMatch(new RegExp(`(?<![\\w-])${name}(?![\\w-])`));
    }
  });
});

/**
 * `npm run lifecycle-diagram`: writes docs/lifecycle.md, the job state diagram as implemented. The
 * edges are found by running the real transition function from every status with every event
 * (each event's preconditions prepared), so the diagram cannot say what the code does not do.
 */
import { writeFileSync } from 'node:fs';
import {
  CODE_TTL_MS,
  DECISION_WINDOW_MS,
  MAX_DELIVERY_ATTEMPTS,
  SANDBOX_DECISION_WINDOW_MS,
  moveName,
  transition,
  type LifecycleEvent,
  type MoveName,
} from '../functions/core/lifecycle.ts';
import { newJob } from '../functions/core/booking.ts';
import { DROP_FIELDS, dueCollection, JOB_STATUSES, PICKUP_FIELDS, type Handoff, type Job, type JobEdit, type JobStatus } from '../functions/core/job.ts';

const NOW = new Date('2026-01-01T10:00:00.000Z');

/** One event of each move (a handoff's arrival and code once per handoff), with the values a rider or operator would send. */
export const SAMPLE_EVENTS: Record<MoveName, LifecycleEvent> = {
  dispatch: { type: 'dispatch' },
  dispatch_timeout: { type: 'dispatch_timeout' },
  accept: { type: 'accept', agentId: 'rider-7' },
  start_confirmation: { type: 'start_confirmation' },
  confirm: { type: 'confirm' },
  decline: { type: 'decline' },
  report_location: { type: 'report_location', latitude: 12.97, longitude: 77.6, accuracy: 8 },
  arrive_pickup: { type: 'arrive', handoff: 'pickup' },
  submit_pickup_code: { type: 'submit_code', handoff: 'pickup', code: '1234' },
  arrive_drop: { type: 'arrive', handoff: 'delivery' },
  submit_delivery_code: { type: 'submit_code', handoff: 'delivery', code: '1234' },
  fail: { type: 'fail', note: 'Rider reported a failure' },
  cancel: { type: 'cancel' },
  edit: { type: 'edit', changes: { pickupInstructions: 'Ask at the counter', dropInstructions: 'Gate behind the temple, 3rd floor' } },
  reset_lock: { type: 'reset_lock', handoff: 'pickup' },
  reissue_code: { type: 'reissue_code', handoff: 'pickup' },
  resolve: { type: 'resolve', outcome: 'capture' },
  attempt_delivery: { type: 'attempt_delivery', reason: 'customer_unreachable', note: null },
  decide: { type: 'decide', action: 'return' },
  decision_timeout: { type: 'decision_timeout' },
  recall: { type: 'recall' },
  arrive_return: { type: 'arrive', handoff: 'return' },
  submit_return_code: { type: 'submit_code', handoff: 'return', code: '1234' },
  resolve_return: { type: 'resolve_return', outcome: 'capture' },
  collect: { type: 'collect', method: 'cash', amountMinor: 50_000, reference: null },
  remit: { type: 'remit', remittanceId: 'rem_x' },
  mark_overdue: { type: 'mark_overdue', kind: 'return_trip' },
  resolve_overdue: { type: 'resolve_overdue', outcome: 'returned', note: 'The store has the parcel back' },
};

/** The store's credit the probes decide with: enough for any return charge. */
export const PROBE_CREDIT = { availableMinor: 1_000_000 };

const handoff = (status: Handoff['status'], extra: Partial<Handoff> = {}): Handoff => ({
  code: '1234',
  status,
  expiresAt: null,
  verifiedAt: null,
  failedAttempts: 0,
  ...extra,
});

/**
 * A job in `status`, its handoffs as they naturally are there, plus what `event` needs to be possible
 * at all (a code to check, a locked or lapsed code, a settlement in review): whether the move is
 * allowed then depends on the status alone.
 */
export function jobInState(status: JobStatus, event: MoveName, now = NOW): Job {
  const base = newJob({
    store: {
      id: 'store_x',
      name: 'x',
      sandbox: false,
      apiEnabled: true,
      balanceMinor: 10_000,
      reservedMinor: 6900,
      availableMinor: 3100,
      testStoreId: null,
      liveStoreId: null,
      codCollectedMinor: 0,
      codAwaitingMinor: 0,
      codRemittedMinor: 0,
      jobCount: 1,
      rateLimitOverrides: {},
      createdAt: now.toISOString(),
    },
    quote: {
      id: 'q',
      storeId: 'store_x',
      zoneId: 'z',
      zoneVersion: 1,
      request: { pickupAddress: 'a', pickupLatitude: 12.9756, pickupLongitude: 77.6066, dropAddress: 'b', dropLatitude: 12.9784, dropLongitude: 77.6408 },
      distanceMeters: 4834,
      chargeMinor: 6900,
      createdAt: now.toISOString(),
      expiresAt: now.toISOString(),
    },
    details: { quoteId: 'q', externalOrderId: 'o', pickupName: 'p', pickupPhone: '+919876543210', dropName: 'd', dropPhone: '+919876543211' },
    idempotencyKey: 'k',
    seq: 1,
    now,
  });
  const job: Job = { ...base, status, agentId: status === 'created' || status === 'queued' ? null : 'rider-7' };
  const live = new Date(now.getTime() + CODE_TTL_MS).toISOString();
  if (status === 'pickup_completed' || status === 'delivered') job.verification = { pickup: handoff('verified'), delivery: handoff('active') };
  if (event === 'submit_pickup_code') job.verification = { ...job.verification, pickup: handoff('active', { expiresAt: live }) };
  if (event === 'submit_delivery_code') job.verification = { ...job.verification, delivery: handoff('active', { expiresAt: live }) };
  if (event === 'reset_lock') job.verification = { ...job.verification, pickup: handoff('locked', { failedAttempts: 5 }) };
  if (event === 'reissue_code') job.verification = { ...job.verification, pickup: handoff('active', { expiresAt: new Date(now.getTime() - 1).toISOString() }) };
  if (event === 'resolve') job.settlement = 'review';
  if (status === 'delivered') job.settlement = 'captured';
  if (event === 'remit') {
    job.collection = { ...dueCollection(50_000, 1000), status: 'collected', method: 'cash', collectedAt: now.toISOString(), collectedBy: 'rider-7' };
  }
  if (event === 'collect') {
    job.collection = dueCollection(50_000, 1000);
    if (status === 'pickup_completed') job.verification = { ...job.verification, delivery: handoff('active', { expiresAt: live }) };
  }
  if (event === 'attempt_delivery' && status === 'pickup_completed')
    job.verification = { ...job.verification, delivery: handoff('active', { expiresAt: live }) };
  if (event === 'decide' || event === 'decision_timeout') {
    job.pendingDecision = { options: ['reattempt', 'return'], deadlineAt: now.toISOString(), defaultAction: 'return' }; // at the deadline: a decision is still on time, and the default may apply
    job.deliveryAttempts = [{ number: 1, reason: 'customer_unreachable', note: null, createdAt: now.toISOString() }];
  }
  // A return trip exists only on a job that ended after pickup (failed: undeliverable; cancelled: recalled).
  const returnHandoff = {
    arrive_return: handoff('pending'),
    submit_return_code: handoff('active', { expiresAt: live }),
    resolve_return: handoff('verified'),
    mark_overdue: handoff('pending'),
    resolve_overdue: handoff('pending'),
  };
  if ((status === 'failed' || status === 'cancelled') && event in returnHandoff) {
    job.settlement = 'captured';
    job.returnTrip = {
      reason: status === 'failed' ? 'undeliverable' : 'recalled',
      status: event === 'resolve_return' ? 'returned' : 'returning',
      chargeMinor: 3500,
      chargeSettlement: event === 'resolve_return' ? 'review' : 'reserved',
      startedAt: now.toISOString(),
      returnedAt: event === 'resolve_return' ? now.toISOString() : null,
      handoff: returnHandoff[event as keyof typeof returnHandoff],
    };
    if (event === 'resolve_overdue') job.overdue = { kind: 'return_trip', since: now.toISOString() };
  }
  return job;
}

/** Every status change the transition function allows, with the events that cause it. */
export function lifecycleEdges(): Array<{ from: JobStatus; to: JobStatus; events: MoveName[] }> {
  const edges = new Map<string, { from: JobStatus; to: JobStatus; events: MoveName[] }>();
  for (const from of JOB_STATUSES) {
    for (const type of Object.keys(SAMPLE_EVENTS) as MoveName[]) {
      let to: JobStatus;
      try {
        to = transition(jobInState(from, type), SAMPLE_EVENTS[type], 'probe', NOW, PROBE_CREDIT).job.status;
      } catch {
        continue;
      }
      if (to === from) continue;
      const key = `${from}>${to}`;
      const edge = edges.get(key) ?? { from, to, events: [] };
      edge.events.push(type);
      edges.set(key, edge);
    }
  }
  return [...edges.values()];
}

/** Where a picked-up parcel is, as the failed-delivery diagram names it. */
type ParcelPhase = 'with_the_rider' | 'decision_pending' | 'returning' | 'returned' | 'return_failed' | 'delivered' | 'failed_in_review';

function phaseOf(job: Job): ParcelPhase {
  if (job.status === 'delivered') return 'delivered';
  if (job.returnTrip) return job.returnTrip.status === 'failed' ? 'return_failed' : job.returnTrip.status;
  if (job.status === 'failed') return 'failed_in_review';
  return job.pendingDecision ? 'decision_pending' : 'with_the_rider';
}

const ownCode =
  (which: 'delivery' | 'return') =>
  (job: Job): LifecycleEvent => ({
    type: 'submit_code',
    handoff: which,
    code: which === 'delivery' ? job.verification.delivery.code : job.returnTrip!.handoff.code,
  });

// The walks the failed-delivery diagram is drawn from: each starts with the rider at the drop with the
// parcel; a function of the job gives the event (a code must be the job's own).
const WALKS: Array<Array<(job: Job) => LifecycleEvent>> = [
  [() => SAMPLE_EVENTS.attempt_delivery, () => ({ type: 'decide', action: 'reattempt' }), () => SAMPLE_EVENTS.arrive_drop, ownCode('delivery')],
  [
    () => SAMPLE_EVENTS.attempt_delivery,
    () => ({ type: 'decide', action: 'reattempt' }),
    () => SAMPLE_EVENTS.arrive_drop,
    () => SAMPLE_EVENTS.attempt_delivery,
  ],
  [() => SAMPLE_EVENTS.attempt_delivery, () => SAMPLE_EVENTS.decide, () => SAMPLE_EVENTS.arrive_return, ownCode('return')],
  [() => SAMPLE_EVENTS.attempt_delivery, () => SAMPLE_EVENTS.decision_timeout],
  [() => SAMPLE_EVENTS.attempt_delivery, () => SAMPLE_EVENTS.recall],
  [() => SAMPLE_EVENTS.recall, () => SAMPLE_EVENTS.fail],
  [() => SAMPLE_EVENTS.attempt_delivery, () => SAMPLE_EVENTS.fail],
  [() => SAMPLE_EVENTS.fail],
];

/**
 * The moves the transition function makes along walks, each from its start job: from one phase of a
 * sub-state (`phaseOf`) to another, with the events (a decision labelled with its action). A refused
 * move ends its walk.
 */
function walkEdges<P extends string>(walks: Array<{ start: Job; steps: Array<(job: Job) => LifecycleEvent> }>, phaseOf: (job: Job) => P) {
  const edges = new Map<string, { from: P; to: P; events: string[] }>();
  const late = new Date(NOW.getTime() + 24 * 60 * 60 * 1000); // past any deadline
  for (const { start, steps } of walks) {
    let job = start;
    for (const step of steps) {
      const event = step(job);
      let next: Job;
      try {
        next = transition(job, event, 'probe', event.type === 'decision_timeout' ? late : NOW, PROBE_CREDIT).job;
      } catch {
        break; // a refused move ends the walk: it draws nothing
      }
      const [from, to] = [phaseOf(job), phaseOf(next)];
      const label = event.type === 'decide' ? `decide ${event.action}` : moveName(event);
      if (from !== to) {
        const edge = edges.get(`${from}>${to}`) ?? { from, to, events: [] };
        if (!edge.events.includes(label)) edge.events.push(label);
        edges.set(`${from}>${to}`, edge);
      }
      job = next;
    }
  }
  return [...edges.values()];
}

/** The failed-delivery moves the transition function makes along WALKS: from one parcel phase to another, with the events. */
export function failedDeliveryEdges(): Array<{ from: ParcelPhase; to: ParcelPhase; events: string[] }> {
  const atDrop = jobInState('pickup_completed', 'attempt_delivery');
  return walkEdges(
    WALKS.map((steps) => ({ start: atDrop, steps })),
    phaseOf,
  );
}

/** What became of a cash-on-delivery payment, as the collection diagram names it (`remitted`: collected and credited to the store). */
type CollectionPhase = 'due' | 'collected' | 'remitted' | 'not_collected';

function collectionPhaseOf(job: Job): CollectionPhase {
  const collection = job.collection!;
  return collection.status === 'collected' && collection.remittanceId !== null ? 'remitted' : collection.status;
}

// A cash-on-delivery job in `status`, prepared for `event` (jobInState), its payment due.
const codJobIn = (status: JobStatus, event: MoveName): Job => ({ ...jobInState(status, event), collection: dueCollection(50_000, 1000) });

// The walks the collection diagram is drawn from: at the drop with the payment due, and before pickup.
const COLLECTION_WALKS = (): Array<{ start: Job; steps: Array<(job: Job) => LifecycleEvent> }> => {
  const atDrop = jobInState('pickup_completed', 'collect');
  const attempt = () => SAMPLE_EVENTS.attempt_delivery;
  return [
    { start: atDrop, steps: [() => SAMPLE_EVENTS.collect, ownCode('delivery'), () => SAMPLE_EVENTS.remit] },
    { start: atDrop, steps: [attempt, () => SAMPLE_EVENTS.decide] },
    { start: atDrop, steps: [attempt, () => SAMPLE_EVENTS.decision_timeout] },
    { start: atDrop, steps: [attempt, () => ({ type: 'decide', action: 'reattempt' }), () => SAMPLE_EVENTS.arrive_drop, attempt] },
    { start: atDrop, steps: [() => SAMPLE_EVENTS.recall] },
    { start: atDrop, steps: [() => SAMPLE_EVENTS.fail] },
    { start: codJobIn('booked', 'cancel'), steps: [() => SAMPLE_EVENTS.cancel] },
    { start: codJobIn('booked', 'fail'), steps: [() => SAMPLE_EVENTS.fail] },
    { start: codJobIn('queued', 'dispatch_timeout'), steps: [() => SAMPLE_EVENTS.dispatch_timeout] },
  ];
};

/** The moves of a cash-on-delivery payment the transition function makes along the collection walks. */
export function collectionEdges(): Array<{ from: CollectionPhase; to: CollectionPhase; events: string[] }> {
  return walkEdges(COLLECTION_WALKS(), collectionPhaseOf);
}

/** The statuses in which the transition function takes an edit of these fields. */
export function editableIn(changes: JobEdit): JobStatus[] {
  return JOB_STATUSES.filter((status) => {
    try {
      transition(jobInState(status, 'edit'), { type: 'edit', changes }, 'probe', NOW);
      return true;
    } catch {
      return false;
    }
  });
}

const codes = (list: readonly string[]) => list.map((item) => `\`${item}\``).join(', ');

/** docs/lifecycle.md: the mermaid diagram and the rules beside it. */
export function lifecycleMarkdown(): string {
  const pickupEditable = editableIn({ pickupInstructions: 'Ask at the counter' });
  const dropEditable = editableIn({ dropInstructions: 'Gate behind the temple' });
  const lines = lifecycleEdges().map(({ from, to, events }) => `  ${from} --> ${to}: ${events.join(', ')}`);
  const failedDelivery = failedDeliveryEdges().map(({ from, to, events }) => `  ${from} --> ${to}: ${events.join(', ')}`);
  const collection = collectionEdges().map(({ from, to, events }) => `  ${from} --> ${to}: ${events.join(', ')}`);
  return `# Job lifecycle (as implemented)

Generated by \`npm run lifecycle-diagram\` from \`functions/core/lifecycle/\`: every edge below is a
move the transition function allowed when it was run from that status with that event. A test fails
when this file and the code disagree.

\`\`\`mermaid
stateDiagram-v2
  [*] --> created: POST /v1/jobs
${lines.join('\n')}
  delivered --> [*]
  failed --> [*]
  cancelled --> [*]
\`\`\`

## When a delivery does not go to plan

The same transition function, followed along the failed-delivery paths from a rider at the drop with
the parcel (job \`pickup_completed\`). \`decision_pending\` keeps the status; a return ends the job
(\`failed\` when undeliverable, \`cancelled\` when recalled) while the rider brings the parcel back.

\`\`\`mermaid
stateDiagram-v2
  [*] --> with_the_rider: submit_pickup_code
${failedDelivery.join('\n')}
  delivered --> [*]
  returned --> [*]
  return_failed --> [*]
  failed_in_review --> [*]
\`\`\`

- A first failed attempt asks the merchant to decide (\`reattempt\` or \`return\`) within ${DECISION_WINDOW_MS / 60_000} minutes
  (${SANDBOX_DECISION_WINDOW_MS / 1000} s for sandbox jobs); the default at the deadline is \`return\`. The
  ${MAX_DELIVERY_ATTEMPTS === 2 ? 'second' : `${MAX_DELIVERY_ATTEMPTS}th`} failed attempt starts the return at once.
- A return starting captures the delivery's charge (the rider carried the parcel) and reserves the return
  charge when the store's available credit covers it; otherwise nothing is reserved and the return charge
  goes to operations' review (\`resolve_return\`). The return code verified captures the reserved return charge.
- \`fail\` after pickup (a damaged or lost parcel) is not a failed attempt: \`failed\`, settlement \`review\`, no return trip.
- \`fail\` of a returning parcel (lost or damaged on the way back; operations' \`job end\` too) ends the return trip
  (\`return_failed\`): the rider is freed, the job keeps its status, and a reserved return charge is released into
  operations' review (\`resolve_return\`).

## Cash on delivery

A job booked on a quote with \`collectMinor\` carries a payment the rider collects at the door
(\`collection\` on the job; null for a prepaid job). Its own small state, drawn by running the same
transition function from a cash-on-delivery job at the drop with the payment due, and before pickup
(\`remitted\`: collected, with the \`remittanceId\` that credited it to the store):

\`\`\`mermaid
stateDiagram-v2
  [*] --> due: POST /v1/jobs
${collection.join('\n')}
  remitted --> [*]
  not_collected --> [*]
\`\`\`

- \`collect\` (the rider at the drop, after \`arrive_drop\`): the whole amount due, in \`cash\` or by \`upi\` (with
  its reference), recorded once; another amount is 409 \`collection_amount_mismatch\`; none is taken while the
  merchant's decision is pending.
- The delivery code is refused while the payment is due (409 \`collection_pending\`, before the code is looked
  at: no try is counted). A customer who will not pay is a failed attempt (\`attempt_delivery\` with
  \`payment_refused\`, only while a payment is due).
- Once paid, the parcel is the customer's: no more failed attempts and no \`recall\`.
- A job that ends without the payment (cancelled, failed, sent back) leaves it \`not_collected\`: the collection
  fee, part of the job's charge, is released (a charge in review is then resolved for the ride alone).
- \`remit\` (the remittance worker): a collected payment joins a remittance to the store's credit, once,
  whatever the job's status.

## Moves that keep the status

These keep the status: \`report_location\` (while a rider is assigned), \`arrive_pickup\` (pickup
code active for 30 minutes), \`arrive_drop\` (delivery code's 30 minutes start), a wrong code (counted;
the fifth locks the handoff), \`reset_lock\` and \`reissue_code\` (operations: a fresh code, active for
30 minutes), \`resolve\` (operations end a review: settlement \`captured\` or \`released\`), and
\`edit\` (the merchant changes contacts or instructions): ${codes(PICKUP_FIELDS)} in ${codes(pickupEditable)};
${codes(DROP_FIELDS)} in ${codes(dropEditable)}; elsewhere 409 \`job_not_editable\`. An edit appends no
status-history entry (the job item does not grow with edits) and writes a \`job.updated\` event.

| Settlement | When |
|---|---|
| \`reserved\` | at booking: the charge is held from available credit |
| \`released\` | cancelled, or failed before pickup (including no rider in time): the hold is returned |
| \`captured\` | delivered: the charge leaves the balance |
| \`review\` | failed after pickup: the hold stays until operations capture or release it |

| Verification (pickup, delivery) | When |
|---|---|
| \`pending\` | from booking until the handoff can happen |
| \`active\` | pickup: the rider is at the pickup; delivery: from pickup on (its 30 minutes start at the drop) |
| \`verified\` | the right code was given |
| \`locked\` | five wrong codes; only operations reset it |
| \`expired\` | past \`expiresAt\`; operations re-issue a code |
| \`unavailable\` | the job ended before this handoff |

The merchant sees a code only while it is \`pending\` or \`active\`, and \`riderLocation\` only while a
rider is assigned (\`picked_by_agent\` to \`pickup_completed\`). Every status change appends an event
with its actor: \`merchant\`, \`system\`, \`rider:<agentId>\`, \`simulator\` or \`admin\`.

| Event | Sent by (live jobs; on sandbox jobs the simulator sends the rider's events) |
|---|---|
| \`dispatch\`, \`dispatch_timeout\` | the dispatcher (\`system\`), every tick of the workers |
| \`decline\` (by \`system\`) | the dispatcher, for an acceptance left unconfirmed (ACCEPT_CONFIRM_SECONDS) and for a \`booked\` job whose rider has not reached the pickup (PICKUP_ARRIVAL_SECONDS): back to \`queued\`, its credit still held |
| \`cancel\` | the merchant: \`POST /v1/jobs/{id}/cancel\` |
| \`edit\` | the merchant: \`PATCH /v1/jobs/{id}\` |
| \`accept\`, \`start_confirmation\`, \`confirm\`, \`decline\` | a rider: \`POST /fleet/v1/jobs/{id}/accept\`, \`…/start-confirmation\`, \`…/confirm\`, \`…/decline\` |
| \`report_location\` | a rider: \`POST /fleet/v1/jobs/{id}/location\` |
| \`arrive_pickup\`, \`arrive_drop\` | a rider: \`POST /fleet/v1/jobs/{id}/handoffs/{pickup\\|delivery}/arrive\` |
| \`submit_pickup_code\`, \`submit_delivery_code\` | a rider: \`POST /fleet/v1/jobs/{id}/handoffs/{pickup\\|delivery}/code\` |
| \`fail\` | a rider or operations: \`POST /fleet/v1/jobs/{id}/fail\` |
| \`reset_lock\`, \`reissue_code\` | operations: \`POST /fleet/v1/jobs/{id}/handoffs/{pickup\\|delivery}/reset-lock\`, \`…/reissue-code\` |
| \`resolve\` | operations: \`npm run admin -- settlement resolve --job ID --capture\\|--release\` |
| \`attempt_delivery\` | a rider at the drop: \`POST /fleet/v1/jobs/{id}/delivery-attempts\` |
| \`decide\` | the merchant: \`POST /v1/jobs/{id}/decision\` |
| \`decision_timeout\` | the workers (\`system\`; the simulator for sandbox jobs), once the decision's deadline has passed |
| \`recall\` | the merchant: \`POST /v1/jobs/{id}/return\` |
| \`arrive_return\`, \`submit_return_code\` | a rider back at the pickup: \`POST /fleet/v1/jobs/{id}/handoffs/return/arrive\`, \`…/return/code\` |
| \`resolve_return\` | operations: \`npm run admin -- settlement resolve --job ID --return --capture\\|--release\` |
| \`collect\` | a rider at the drop: \`POST /fleet/v1/jobs/{id}/collection\` |
| \`remit\` | the remittance worker (\`system\`), for a collected payment |
| \`mark_overdue\` | the dispatcher (\`system\`), once a parcel's way back or a rider's re-arrival passed its deadline |
| \`resolve_overdue\` | operations: \`npm run admin -- overdue resolve --job ID --returned\\|--lost --note TEXT --operator NAME\` |

## Overdue: a parcel's way back, a rider's re-arrival

Two waits of a live job have a deadline (\`functions/core/lifecycle/overdue.ts\`; dispatch files the job
for it, \`dispatchDueAt\`): a parcel on its way back whose rider has not arrived at the pickup
\`RETURN_TRIP_DEADLINE_MINUTES\` (180) after the return started, and a rider sent back to the drop
after a reattempt who has not arrived there \`REARRIVAL_DEADLINE_MINUTES\` (60) after the decision.
Past it, \`mark_overdue\` sets the internal \`overdue: {kind: return_trip|rearrival, since}\`: the job
is in operations' review queue and a warning (\`job overdue\`) feeds the \`OverdueJobs\` alarm. The
status, the money (charges reserved stay reserved) and the merchant's view do not change. A rider who
arrives late is still welcome: the arrival ends the wait and the review (\`overdue\` cleared), as does
any move that ends the wait (a recall starts a new one for the way back). Otherwise operations end it
with \`resolve_overdue\`: \`returned\` (the store has the parcel: the trip ends as a return does, its
charge captured; a rider overdue at the drop: the return starts and ends at once) or \`lost\` (the
return fails, its charge to settlement review; a rider overdue at the drop: the job fails after
pickup, into settlement review). Sandbox jobs have no such deadline: the simulator always comes back.
`;
}

if (import.meta.main) {
  const target = new URL('../docs/lifecycle.md', import.meta.url);
  writeFileSync(target, lifecycleMarkdown());
  console.log(`Wrote ${target.pathname}`);
}

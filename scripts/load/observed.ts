import type { Answer } from './http.ts';

/** How a load store is set up: raised limits (most), the default limits, or little credit. */
export type StoreKind = 'raised' | 'default-limits' | 'low-credit';

/** A store the load books for, and what its merchant saw happen. */
export interface LoadStore {
  name: string;
  kind: StoreKind;
  storeId: string;
  apiKey: string;
  creditMinor: number;
  /** Every job this store's merchant saw created (201), by id → its Idempotency-Key. */
  created: Map<string, string>;
  /** Idempotency-Key → the job id its 201 (or a replay's 200) named. */
  jobByKey: Map<string, string>;
  /** Jobs the merchant booked and has not yet seen end, newest last (candidates for a cancel). */
  open: string[];
}

/** The state a request that answered 200 put a job in for good (nothing moves an ended job). */
export type FinalStatus = 'cancelled' | 'delivered' | 'failed';

/** An answer the actor did not expect from its request (a test of the script and the server alike). */
export interface Surprise {
  action: string;
  status: number;
  detail: string;
}

const MAX_SURPRISE_SAMPLES = 20;

/**
 * What the load's clients saw, for the checks at the end: which jobs were created and under which
 * key, which replays named which job, which requests put a job in an end state, and anything
 * unexpected. The table is then held to this.
 */
export class Observed {
  readonly stores: LoadStore[] = [];
  /** Job id → the store that booked it (riders ask the store for the codes, as a real rider would). */
  readonly storeOfJob = new Map<string, LoadStore>();
  readonly finalStatus = new Map<string, FinalStatus>();
  /** Contradictions seen at once: a replay naming another job, a second 201 for one key, two end states. */
  readonly contradictions: string[] = [];
  readonly surprises: Surprise[] = [];
  surpriseCount = 0;
  /** What the actors did, for the report. */
  readonly tally = new Map<string, number>();

  /** Counts one outcome for the report. */
  note(outcome: string, by = 1): void {
    this.tally.set(outcome, (this.tally.get(outcome) ?? 0) + by);
  }

  /** A 201: the job is new, and its key had named no job before. */
  created(store: LoadStore, key: string, jobId: string): void {
    const earlier = store.jobByKey.get(key);
    if (store.created.has(jobId) || (earlier !== undefined && earlier !== jobId)) {
      this.contradictions.push(`${store.name}: a second 201 for Idempotency-Key ${key} (job ${jobId}; the key named ${earlier ?? 'it already'})`);
    } else if (earlier !== undefined) {
      this.contradictions.push(`${store.name}: 201 for Idempotency-Key ${key} after a replay had already named job ${jobId}`);
    }
    store.created.set(jobId, key);
    store.jobByKey.set(key, jobId);
    store.open.push(jobId);
    this.storeOfJob.set(jobId, store);
    this.note('bookings created (201)');
  }

  /** A replay (200): it must name the job the key made. */
  replayed(store: LoadStore, key: string, jobId: string): void {
    const earlier = store.jobByKey.get(key);
    if (earlier !== undefined && earlier !== jobId) this.contradictions.push(`${store.name}: replay of ${key} named job ${jobId}, the key made ${earlier}`);
    if (earlier === undefined) store.jobByKey.set(key, jobId);
    this.note('booking replays (200, same job)');
  }

  /** A 200 that ended the job: nothing may end it differently. */
  ended(jobId: string, status: FinalStatus): void {
    const earlier = this.finalStatus.get(jobId);
    if (earlier !== undefined && earlier !== status) this.contradictions.push(`job ${jobId}: ended ${earlier} and then ${status}, both answered 200`);
    this.finalStatus.set(jobId, status);
  }

  /** An answer outside what the action allows. */
  surprise(action: string, answer: Answer): void {
    this.surpriseCount += 1;
    if (this.surprises.length < MAX_SURPRISE_SAMPLES) this.surprises.push({ action, status: answer.status, detail: JSON.stringify(answer.body).slice(0, 300) });
  }
}

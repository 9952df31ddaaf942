/**
 * The one fair-concurrency helper every worker uses to run its tasks (a store's jobs, a store's
 * remittance, a delivery): at most `total` at once, at most a cap per key (a store, an endpoint, a job
 * at an endpoint), the lanes of the first key taking turns for the free places, and no task started
 * that could not end before the deadline. One lane with a thousand tasks therefore waits behind its own
 * cap, never in front of another lane's first task.
 */

/** A cap: at most `max` running tasks share the key `key(task)`. */
export interface FairCap<T> {
  key: (task: T) => string;
  max: number;
}

export interface FairOptions<T> {
  /** At most this many tasks run at once, in all. */
  total: number;
  /** The caps; the first one's keys are the lanes that take turns. At least one. */
  caps: readonly [FairCap<T>, ...Array<FairCap<T>>];
  /** Epoch ms by which every task must be over; none: no limit. */
  deadline?: number;
  /** How long a task may take: none starts with less than this left before the deadline. */
  taskMs?: number;
  /** A task that may not start yet, whatever the caps say (asked again whenever a task ends). */
  ready?: (task: T) => boolean;
  /** The clock (tests pass a fake one). */
  now?: () => number;
}

/** What a run did: how many tasks started, those left unstarted (the deadline, or never ready), and the errors tasks threw. */
export interface FairResult<T> {
  started: number;
  left: T[];
  errors: Array<{ task: T; error: unknown }>;
}

/**
 * Runs `work` on every task, fairly (see FairOptions), tasks of one lane in their given order among
 * those that may start. A task that throws does not stop the others: its error is in the result.
 */
export async function runFair<T>(tasks: Iterable<T>, options: FairOptions<T>, work: (task: T) => Promise<void>): Promise<FairResult<T>> {
  const [lane, ...others] = options.caps;
  const caps = [lane, ...others];
  const now = options.now ?? Date.now;
  const lanes = new Map<string, T[]>();
  for (const task of tasks) {
    const key = lane.key(task);
    const queue = lanes.get(key);
    if (queue) queue.push(task);
    else lanes.set(key, [task]);
  }
  const order = [...lanes.keys()];
  const running = new Map<string, number>();
  const count = (task: T, by: number) => caps.forEach((cap, i) => running.set(`${i}:${cap.key(task)}`, (running.get(`${i}:${cap.key(task)}`) ?? 0) + by));
  const free = (task: T) => caps.every((cap, i) => (running.get(`${i}:${cap.key(task)}`) ?? 0) < cap.max);
  const startable = (task: T) => free(task) && (options.ready?.(task) ?? true);
  const timeLeft = () => options.deadline === undefined || options.deadline - now() >= (options.taskMs ?? 0);
  const result: FairResult<T> = { started: 0, left: [], errors: [] };
  let turn = 0;

  // The next task: the next lane in turn that has one that may start now.
  const take = (): T | undefined => {
    for (let i = 0; i < order.length; i++) {
      const queue = lanes.get(order[(turn + i) % order.length]!)!;
      const index = queue.findIndex(startable);
      if (index === -1) continue;
      turn = (turn + i + 1) % order.length;
      return queue.splice(index, 1)[0];
    }
    return undefined;
  };

  await new Promise<void>((done) => {
    let inFlight = 0;
    const pump = () => {
      while (inFlight < options.total && timeLeft()) {
        const task = take();
        if (task === undefined) break;
        inFlight += 1;
        result.started += 1;
        count(task, 1);
        void Promise.resolve()
          .then(() => work(task))
          .catch((error: unknown) => void result.errors.push({ task, error }))
          .finally(() => {
            inFlight -= 1;
            count(task, -1);
            pump();
          });
      }
      if (inFlight === 0) done();
    };
    pump();
  });
  for (const key of order) result.left.push(...lanes.get(key)!);
  return result;
}

import type { Runtime } from '../../functions/runtime.ts';
import { workerTicks, type WorkerReports } from '../../functions/workers/ticks.ts';
import { deliverTick } from '../../functions/webhooks/deliver.ts';

/**
 * How long one local tick of the webhook sender may take: attempts start only while one can still end
 * (10 s, and its bookkeeping) inside it, as the AWS sender's do inside their invocation.
 */
const SENDER_TICK_BUDGET_MS = 20_000;

/**
 * Runs the workers every `intervalMs` until stopped (the local server's background loop): dispatch,
 * the sandbox rider and the event relay in one loop, the webhook sender in another (a slow receiver
 * never holds up dispatch), as the two scheduled functions do on AWS. `onReport` sees the first loop's
 * reports (the load run counts the worklist items that failed); the sender logs its own.
 */
export function startWorkers(
  rt: Runtime,
  intervalMs: number,
  onError: (error: unknown) => void,
  onReport: (reports: WorkerReports) => void = () => undefined,
): { stop(): Promise<void> } {
  let stopped = false;
  const loop = (tick: () => Promise<void>) => {
    let running: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      running = running.then(async () => {
        if (stopped) return;
        try {
          await tick();
        } catch (error) {
          onError(error);
        }
      });
    }, intervalMs);
    return async () => {
      clearInterval(timer);
      await running;
    };
  };
  const stops = [
    loop(async () => onReport(await workerTicks(rt))),
    loop(async () => void (await deliverTick(rt, new Date(), { deadline: Date.now() + SENDER_TICK_BUDGET_MS }))),
  ];
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}

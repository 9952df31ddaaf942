import type { Runtime } from '../../functions/runtime.ts';
import { dispatchTick, relayTick, simulateTick, type TickReport } from '../../functions/workers/ticks.ts';
import { deliverTick } from '../../functions/webhooks/deliver.ts';

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
  onReport: (reports: { dispatch: TickReport; simulation: TickReport; events: TickReport }) => void = () => undefined,
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
    loop(async () => {
      const dispatch = await dispatchTick(rt);
      const simulation = await simulateTick(rt);
      const events = await relayTick(rt);
      onReport({ dispatch, simulation, events });
    }),
    loop(async () => void (await deliverTick(rt))),
  ];
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}

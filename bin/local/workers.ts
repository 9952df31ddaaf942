import type { Runtime } from '../../functions/runtime.ts';
import { dispatchTick, relayTick, simulateTick, type TickReport } from '../../functions/workers/ticks.ts';

/**
 * Runs the workers (dispatch, the sandbox rider, the event relay) every `intervalMs` until stopped (the local server's background loop). `onReport`
 * sees each tick's reports (the load run counts the worklist items that failed).
 */
export function startWorkers(
  rt: Runtime,
  intervalMs: number,
  onError: (error: unknown) => void,
  onReport: (reports: { dispatch: TickReport; simulation: TickReport; events: TickReport }) => void = () => undefined,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const dispatch = await dispatchTick(rt);
        const simulation = await simulateTick(rt);
        const events = await relayTick(rt);
        onReport({ dispatch, simulation, events });
      } catch (error) {
        onError(error);
      }
    });
  }, intervalMs);
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

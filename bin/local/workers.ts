import type { Runtime } from '../../functions/runtime.ts';
import { dispatchTick, simulateTick, type TickReport } from '../../functions/workers/ticks.ts';

/**
 * Runs both workers every `intervalMs` until stopped (the local server's background loop). `onReport`
 * sees each tick's reports (the load run counts the worklist items that failed).
 */
export function startWorkers(
  rt: Runtime,
  intervalMs: number,
  onError: (error: unknown) => void,
  onReport: (reports: { dispatch: TickReport; simulation: TickReport }) => void = () => undefined,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const dispatch = await dispatchTick(rt);
        const simulation = await simulateTick(rt);
        onReport({ dispatch, simulation });
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

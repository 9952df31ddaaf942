import type { Runtime } from '../../functions/runtime.ts';
import { dispatchTick, simulateTick } from '../../functions/workers/ticks.ts';

/** Runs both workers every `intervalMs` until stopped (the local server's background loop). */
export function startWorkers(rt: Runtime, intervalMs: number, onError: (error: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await dispatchTick(rt);
        await simulateTick(rt);
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

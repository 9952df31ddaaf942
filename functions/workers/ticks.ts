import { logger } from '../log/logger.ts';
import { dispatchTick } from './dispatch.ts';
import { relayTick } from './relay.ts';
import { remittanceTick } from './remittances.ts';
import { simulateTick } from './simulation.ts';
import { WORKER_ITEM_FAILED, type TickReport, type WorkerRuntime } from './worklist.ts';

/** What one tick of the scheduled workers did, worker by worker. */
export interface WorkerReports {
  dispatch: TickReport;
  simulation: TickReport;
  remittances: TickReport;
  events: TickReport;
}

/**
 * One tick of the scheduled workers, dispatch, the simulator, remittances and the relay (last, so the
 * events the others wrote are placed in the same tick), each on its own: a worker
 * whose whole tick throws (its worklist or the zone catalogue cannot be read) is logged as a failed
 * item (the stack's alarm counts these) and counted, and the others still tick.
 */
export async function workerTicks(rt: WorkerRuntime, now = new Date()): Promise<WorkerReports> {
  const run = async (worker: string, tick: () => Promise<TickReport>): Promise<TickReport> => {
    try {
      return await tick();
    } catch (error) {
      logger.error(WORKER_ITEM_FAILED, { worker, error });
      return { moved: 0, finished: 0, failed: 1 };
    }
  };
  return {
    dispatch: await run('dispatch', () => dispatchTick(rt, now)),
    simulation: await run('simulation', () => simulateTick(rt, now)),
    remittances: await run('remittances', () => remittanceTick(rt, now)),
    events: await run('events', () => relayTick(rt, now)),
  };
}

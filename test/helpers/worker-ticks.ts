import type { Runtime } from '../../functions/runtime.ts';
import { dispatchTick } from '../../functions/workers/dispatch.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { remittanceTick } from '../../functions/workers/remittances.ts';
import { simulateTick } from '../../functions/workers/simulation.ts';

/** One tick of dispatch, the simulator, remittances and the relay, in that order, at `now` (the tests' stand-in for the engine's runs). */
export async function workerTicks(rt: Runtime, now = new Date()): Promise<void> {
  await dispatchTick(rt, now);
  await simulateTick(rt, now);
  await remittanceTick(rt, now);
  await relayTick(rt, now);
}

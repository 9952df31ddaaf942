import type { PincodeArea } from '../../functions/core/pincode.ts';
import type { Runtime } from '../../functions/runtime.ts';

/**
 * Writes these pincodes' areas into the test table's pincode table (over any it holds for them,
 * leaving the rest). Seed before the first request that asks for them: a container remembers a
 * pincode it looked up, unknown ones too, for ZONE_CACHE_SECONDS.
 */
export async function seedPincodeAreas(rt: Pick<Runtime, 'pincodes'>, areas: readonly PincodeArea[]): Promise<void> {
  await rt.pincodes.repository.put(areas);
}

/** An area from [latitude, longitude] pairs, for tests that write their own pincodes. */
export function pincodeArea(pincode: string, points: ReadonlyArray<readonly [number, number]>): PincodeArea {
  return { pincode, points: points.map(([latitude, longitude]) => ({ latitude, longitude })) };
}

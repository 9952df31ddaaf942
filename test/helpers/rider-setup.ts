import type { FleetJob } from '../../functions/schemas/views/fleet.view.ts';
import { newFleetMember, type TestFleetMember } from './fleet.ts';
import { newMerchant, type TestMerchant } from './merchant.ts';
import type { TestServer } from './server.ts';
import type { TestTable } from './table.ts';

/** The job in a fleet API reply's `data`. */
export const fleetData = (reply: { body: unknown }) => (reply.body as { data: FleetJob }).data;

/** A new store, a rider of its own and (with `ops`) an operations key. */
export interface StoreWithRider {
  merchant: TestMerchant;
  rider: TestFleetMember;
  /** The rider as the job's history names it: `rider:<agent id>`. */
  actor: string;
}

/** A new store with `creditMinor`, a new rider, and with `{ ops: true }` an operations key: the cast of the fleet API's stories. */
export async function storeWithRider(api: { table: TestTable; server: TestServer }, creditMinor: number): Promise<StoreWithRider>;
export async function storeWithRider(
  api: { table: TestTable; server: TestServer },
  creditMinor: number,
  options: { ops: true },
): Promise<StoreWithRider & { ops: TestFleetMember }>;
export async function storeWithRider(
  api: { table: TestTable; server: TestServer },
  creditMinor: number,
  options: { ops?: boolean } = {},
): Promise<StoreWithRider & { ops?: TestFleetMember }> {
  const merchant = await newMerchant(api.table.rt, api.server, { creditMinor });
  const rider = await newFleetMember(api.table.rt, api.server, 'rider');
  const ops = options.ops ? await newFleetMember(api.table.rt, api.server, 'ops') : undefined;
  return { merchant, rider, actor: `rider:${rider.agentId}`, ...(ops && { ops }) };
}

import * as z from '../zod.ts';
import { MinorAmount } from './common.schema.ts';

/** `data` of the balance response. */
export const BalanceResponse = z.strictObject({
  apiEnabled: z.boolean(),
  balanceMinor: MinorAmount,
  reservedMinor: MinorAmount,
  availableMinor: MinorAmount,
  currency: z.literal('INR'),
});
export type BalanceResponse = z.infer<typeof BalanceResponse>;

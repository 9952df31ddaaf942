/**
 * A job's item by its order id (`externalOrderId`, URI-encoded so no `#` in it can reach another's
 * range), written at booking; beside `keys` (table.ts) so only the booking and the list carry it.
 */
export const jobOrderKey = (storeId: string, externalOrderId: string, seq: number) => ({
  PK: `STORE#${storeId}`,
  SK: `ORDER#${encodeURIComponent(externalOrderId)}#${String(seq).padStart(15, '0')}`,
});

import { merchantHandler } from '../http/handler.ts';
import { accepts, ok } from '../http/responses.ts';
import { RemittanceNotFoundError } from '../core/errors.ts';
import { remittanceView } from '../core/remittance.ts';
import { remittancesPart } from '../runtime.ts';
import { RemittancePath, remittanceLinesCsv } from '../schemas/remittance.schema.ts';

/** GET /v1/remittances/{id}: one of the store's remittances with its payments, as JSON or (Accept: text/csv) its payments as CSV. */
export const handler = merchantHandler(
  'GET /v1/remittances/{id}',
  { path: RemittancePath, uses: { remittances: remittancesPart } },
  async ({ merchant, path, rt, event }) => {
    const remittance = await rt.remittances.get(merchant.storeId, path.id);
    if (!remittance) throw new RemittanceNotFoundError(path.id);
    const lines = await rt.remittances.lines(merchant.storeId, path.id);
    if (accepts(event.headers?.accept, 'text/csv')) {
      return { statusCode: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' }, body: remittanceLinesCsv(remittance.id, lines) };
    }
    return ok({ ...remittanceView(remittance), lines });
  },
);

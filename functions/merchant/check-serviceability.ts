import { merchantHandler } from '../http/handler.ts';
import { pincodesPart, zonesPart } from '../runtime.ts';
import { jsonResult } from '../http/responses.ts';
import { ServiceabilityRequest, type ServiceabilityResponse } from '../schemas/serviceability.schema.ts';
import { checkServiceability } from '../use-cases/serviceability.ts';
import { zoneCatalogVersion } from '../core/zone-catalog.ts';

/** POST /v1/serviceability: whether each item's stops are served and what a quote would charge now; creates nothing. */
export const handler = merchantHandler(
  'POST /v1/serviceability',
  { body: ServiceabilityRequest, uses: { zones: zonesPart, pincodes: pincodesPart } },
  async ({ body, rt }) => {
    const zones = await rt.zones.current();
    const data = await checkServiceability(body, zones, rt.pincodes);
    return jsonResult(200, { data, checkedAt: new Date().toISOString(), zoneCatalogVersion: zoneCatalogVersion(zones) } satisfies ServiceabilityResponse);
  },
);

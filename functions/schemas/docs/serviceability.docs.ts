import type { OperationDocs } from './operation.ts';
import { describe } from './describe.ts';
import { quoteRequestExample } from './quote.docs.ts';
import { ServiceabilityItem, ServiceabilityLocation, ServiceabilityRequest, ServiceabilityResponse, ServiceabilityResult } from '../serviceability.schema.ts';

// The API description of serviceability.schema.ts's route: read by scripts/openapi-document.ts only, never by a Lambda handler.

describe(ServiceabilityLocation, {
  description:
    'A stop: exactly one of latitude and longitude (both), a pincode, or a DIGIPIN; none or several is 400 `items[i].drop: give exactly one of latitude/longitude, pincode, digipin`.',
});
describe(ServiceabilityLocation.shape.pincode, {
  description: 'An India Post pincode (6 digits, the first not 0). An area, not a point: answered from the pincode table, coverageBasis "pincode".',
});
describe(ServiceabilityLocation.shape.digipin, {
  description:
    'India Post’s DIGIPIN (10 characters, hyphens optional, letters in either case): the centre of its 4 m cell. One that does not decode is the item’s reason invalid_digipin.',
});
describe(ServiceabilityItem.shape.ref, { description: 'Your reference for the item (1–64 characters), echoed in its result.' });
describe(ServiceabilityItem.shape.pickup, { description: 'The pickup of a route; without it the item is a point check (“do you deliver here?”).' });
const result = ServiceabilityResult.shape;
describe(result.ref, { description: 'The item’s ref; null when it gave none.' });
describe(result.status, {
  description:
    'serviceable: no reason; partially_serviceable: only *_partially_covered (a pincode some of whose known points are outside); not_serviceable: any other reason.',
});
describe(result.zoneIds, { description: 'The active zones, by id, in which every stop is at least partly covered.' });
describe(result.reasons, {
  description:
    'Every reason that applies, in this order: pickup_outside_service_area, drop_outside_service_area, pickup_partially_covered, drop_partially_covered, different_zones, route_too_long, unknown_pincode, invalid_digipin, collection_not_available, collection_limit_exceeded, weight_limit_exceeded. Empty when serviceable.',
});
describe(result.coverage, {
  description: 'Each stop’s best coverage over the active zones: full, partial (a pincode partly inside) or none; pickup only for a route.',
});
describe(result.coverageBasis, { description: 'pincode when any stop was given as a pincode (an area: not an address check), else exact.' });
describe(result.location, {
  description: 'Each stop’s point as given or decoded from its DIGIPIN; null for a pincode or an invalid DIGIPIN; pickup only for a route.',
});
describe(result.distanceMeters, { description: 'The route’s distance as a quote measures it: for a serviceable route, else null.' });
describe(result.indicativeChargeMinor, {
  description: 'What a quote would charge now (integer paise, the collection fee included), not binding: for a serviceable route, else null.',
});
describe(ServiceabilityResponse.shape.checkedAt, { description: 'When the items were checked.' });
describe(ServiceabilityResponse.shape.zoneCatalogVersion, {
  description: 'The zones the answer was made from: while it is unchanged, a coordinate route answered serviceable is quotable with the same inputs.',
});

const { pickupLatitude, pickupLongitude, dropLatitude, dropLongitude } = quoteRequestExample;

// A checkout's route (the quote's example route, so the indicative charge is the quote's), a product page's pincode, a DIGIPIN point.
const requestExample = {
  items: [
    { ref: 'cart-1', pickup: { latitude: pickupLatitude, longitude: pickupLongitude }, drop: { latitude: dropLatitude, longitude: dropLongitude } },
    { ref: 'pdp', drop: { pincode: '560038' } },
    { drop: { digipin: '4P3-J2L-T95K' } },
    { ref: 'far', drop: { pincode: '110001' } },
  ],
  packageWeightGrams: quoteRequestExample.packageWeightGrams,
};

const served = { status: 'serviceable', zoneIds: ['bengaluru'], reasons: [] } as const;
const responseExample = {
  data: [
    {
      ref: 'cart-1',
      ...served,
      coverage: { pickup: 'full', drop: 'full' },
      coverageBasis: 'exact',
      location: { pickup: { latitude: pickupLatitude, longitude: pickupLongitude }, drop: { latitude: dropLatitude, longitude: dropLongitude } },
      distanceMeters: 4834,
      indicativeChargeMinor: 6900,
    },
    {
      ref: 'pdp',
      ...served,
      coverage: { drop: 'full' },
      coverageBasis: 'pincode',
      location: { drop: null },
      distanceMeters: null,
      indicativeChargeMinor: null,
    },
    {
      ref: null,
      ...served,
      coverage: { drop: 'full' },
      coverageBasis: 'exact',
      location: { drop: { latitude: 12.978399276733398, longitude: 77.64079475402832 } },
      distanceMeters: null,
      indicativeChargeMinor: null,
    },
    {
      ref: 'far',
      status: 'not_serviceable',
      zoneIds: [],
      reasons: ['unknown_pincode'],
      coverage: { drop: 'none' },
      coverageBasis: 'pincode',
      location: { drop: null },
      distanceMeters: null,
      indicativeChargeMinor: null,
    },
  ],
  checkedAt: '2026-11-22T10:00:00.000Z',
  zoneCatalogVersion: 'n4bQgYhMfWWaL-qgxVTeRQ',
};

export const serviceabilityOperations = {
  'POST /v1/serviceability': {
    operationId: 'checkServiceability',
    summary: 'Check serviceability',
    description:
      'Answers, for up to 100 items at once, whether a drop point (a product page’s “do you deliver here?”) or a pickup-to-drop route (a checkout) is served: status, the zones that serve it, every reason it is not, each stop’s coverage, and for a serviceable route the distance and the indicative charge (what a quote would charge now, the collection fee included; not binding). Each location is exactly one of latitude/longitude, a pincode or a DIGIPIN. A pincode is an area: its answer has coverageBasis "pincode" and is not an address check (confirm with coordinates or a DIGIPIN at checkout). A coordinate route answered serviceable is quotable with the same inputs while zoneCatalogVersion is unchanged. Structural errors fail the request (400 naming the path); an unknown pincode or an invalid DIGIPIN is that item’s reason. Creates nothing and spends no quote: counts against the checks limit (60 a minute).',
    tag: 'Quotes',
    requestBody: { name: 'ServiceabilityRequest', schema: ServiceabilityRequest, example: requestExample },
    success: [
      { status: 200, description: 'One result per item, in order', name: 'ServiceabilityResponse', schema: ServiceabilityResponse, example: responseExample },
    ],
    errors: [400, 401, 403, 429, 500, 503],
  },
} satisfies OperationDocs;

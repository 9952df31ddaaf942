import * as z from '../../zod.ts';
import { Latitude, Longitude, storable } from '../common.schema.ts';

/** Body of POST …/location: a GPS fix; accuracy is the fix's radius in metres. */
export const LocationRequest = z.strictObject({
  latitude: Latitude,
  longitude: Longitude,
  accuracy: z.optional(z.nullable(storable(z.number().check(z.minimum(0), z.maximum(10_000))))),
});

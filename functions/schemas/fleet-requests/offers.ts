import * as z from '../../zod.ts';
import { Latitude, Longitude } from '../common.schema.ts';

// The request of GET /fleet/v1/offers, apart so the other fleet functions do not build it.

// A decimal number in a query string, in a range; the API description shows the number it must spell.
const QueryNumber = (range: z.ZodMiniNumber<number>, meta: Record<string, unknown>) =>
  z
    .optional(z.pipe(z.pipe(z.string().check(z.regex(/^-?\d+(\.\d+)?$/, 'Must be a decimal number')), z.transform(Number)), range))
    .check(z.meta({ queryNumber: meta }));

/**
 * Query of GET /fleet/v1/offers. With the rider's position (`latitude` and `longitude`, together),
 * offers come nearest pickup first, each with its distance, and `withinMeters` keeps the near ones.
 */
export const OfferListQuery = z
  .strictObject({
    limit: z
      .pipe(
        z.optional(
          z.pipe(z.pipe(z.string().check(z.regex(/^\d+$/, 'Must be a whole number')), z.transform(Number)), z.int().check(z.minimum(1), z.maximum(50))),
        ),
        z.transform((value) => value ?? 20),
      )
      .check(z.meta({ queryInteger: { type: 'integer', minimum: 1, maximum: 50, default: 20 } })),
    latitude: QueryNumber(Latitude, { type: 'number', minimum: -90, maximum: 90, description: 'The rider’s latitude (with longitude)' }),
    longitude: QueryNumber(Longitude, { type: 'number', minimum: -180, maximum: 180, description: 'The rider’s longitude (with latitude)' }),
    withinMeters: QueryNumber(z.number().check(z.int(), z.minimum(100), z.maximum(100_000)), {
      type: 'integer',
      minimum: 100,
      maximum: 100000,
      description: 'Only offers whose pickup is this close to the rider (needs latitude and longitude)',
    }),
  })
  .check(
    z.superRefine((query, ctx) => {
      if ((query.latitude === undefined) !== (query.longitude === undefined)) {
        ctx.addIssue({ code: 'custom', path: [query.latitude === undefined ? 'latitude' : 'longitude'], message: 'Send latitude and longitude together' });
      }
      if (query.withinMeters !== undefined && query.latitude === undefined) {
        ctx.addIssue({ code: 'custom', path: ['withinMeters'], message: 'Needs the rider’s latitude and longitude' });
      }
    }),
  );
export type OfferListQuery = z.infer<typeof OfferListQuery>;

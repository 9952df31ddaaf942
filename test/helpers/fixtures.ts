import type { Runtime } from '../../functions/runtime.ts';

/** A store with credit and its first key, made through the same repository the admin CLI uses. */
export async function createStore(rt: Runtime, options: { creditMinor?: number; sandbox?: boolean; name?: string } = {}) {
  return rt.stores.create({ name: options.name ?? 'Test store', sandbox: options.sandbox ?? false, creditMinor: options.creditMinor ?? 100_000 });
}

/** A valid quote request inside the Bengaluru zone (MG Road to Indiranagar, about 4.8 km by road). */
export const bengaluruQuote = {
  pickupAddress: 'MG Road, Bengaluru',
  pickupCity: 'Bengaluru',
  pickupPincode: '560001',
  pickupLatitude: 12.9756,
  pickupLongitude: 77.6066,
  dropAddress: '100 Feet Road, Indiranagar, Bengaluru',
  dropCity: 'Bengaluru',
  dropPincode: '560038',
  dropLatitude: 12.9784,
  dropLongitude: 77.6408,
  packageDescription: 'Documents',
  packageWeightGrams: 750,
  packageValueMinor: 150_000,
};

/** Headers of an authenticated JSON request. */
export function authHeaders(apiKey: string): Record<string, string> {
  return { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' };
}

/**
 * Example values the operation docs of several modules share (and the error examples of
 * scripts/openapi-document.ts). Only the document generator and the tests import it.
 */

export const EXAMPLE_QUOTE_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
export const EXAMPLE_JOB_ID = '0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1';
/** When the example job was created. */
export const EXAMPLE_AT = '2026-11-22T10:00:00.000Z';

/** The example job's first history entry, as both APIs show it. */
export const createdEventExample = { id: '6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2', status: 'created', actor: 'merchant', note: null, createdAt: EXAMPLE_AT };

/** `base` with `changes` over it, as `{ ...base, ...changes }`: an example that differs from another in a few fields. */
export const variant = <B extends object, C extends object>(base: B, changes: C): Omit<B, keyof C> & C => ({ ...base, ...changes });

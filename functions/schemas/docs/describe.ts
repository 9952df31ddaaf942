import * as z from '../../zod.ts';

/**
 * Gives a schema its words in the API documents (its `description`, `examples` or the JSON Schema
 * keywords it should show), as `.check(z.meta(…))` would, but from here: the docs modules call it
 * when the document generator imports them, so the schema a Lambda runs carries no prose.
 */
export function describe(schema: z.core.$ZodType, meta: z.core.GlobalMeta): void {
  z.globalRegistry.add(schema, meta);
  described.push(meta);
}

/** Every schema's words given so far, for the test that looks for them in the bundles. */
export const described: z.core.GlobalMeta[] = [];

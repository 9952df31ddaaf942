/**
 * The domain's error family. Every failure a client may see has a stable snake_case `code`;
 * the HTTP edge (functions/http/errors.ts) alone decides which status code each one gets.
 *
 * One file per area under core/errors/; this module is the one import point for them all.
 */
export * from './errors/base.ts';
export * from './errors/request.ts';
export * from './errors/auth.ts';
export * from './errors/rate-limits.ts';
export * from './errors/quotes.ts';
export * from './errors/jobs.ts';
export * from './errors/fleet.ts';
export * from './errors/money.ts';
export * from './errors/collection.ts';
export * from './errors/webhooks.ts';
export * from './errors/api-keys.ts';
export * from './errors/sessions.ts';

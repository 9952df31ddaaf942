import { JobNotFoundError, TrackingClosedError } from '../core/errors.ts';
import type { Job } from '../core/job.ts';
import type { Merchant, Store } from '../core/store.ts';
import { LIVE_LINK_TTL_MS, looksLikeTrackingToken, newTrackingToken, trackingExpiresAt, trackingOpen, trackingTokenHash } from '../core/tracking.ts';
import type { BaseRuntime, Runtime } from '../runtime.ts';

/** The runtime the tracking use cases need: the base, the job reader and the tracking links. */
export type TrackingRuntime = BaseRuntime & Pick<Runtime, 'jobReader' | 'tracking'>;

/** The tracking page's runtime: it reads jobs with the job reader alone (a smaller bundle). */
export type TrackingPageRuntime = BaseRuntime & Pick<Runtime, 'jobReader' | 'tracking'>;

/** A new link to the job's tracking page: its token (shown once, in the URL) and when it stops working (null while the job is live). */
export interface NewTrackingLink {
  token: string;
  expiresAt: string | null;
}

/**
 * Makes a new tracking link for one of the store's jobs. Each call makes another; earlier links keep
 * working. A job that ended more than 24 h ago has no page any more (TrackingClosedError).
 */
export async function createTrackingLink(rt: TrackingRuntime, merchant: Merchant, jobId: string, now: Date): Promise<NewTrackingLink> {
  const job = await rt.jobReader.get(merchant.storeId, jobId);
  if (!job) throw new JobNotFoundError(jobId);
  const expiresAt = trackingExpiresAt(job);
  if (!trackingOpen(job, now)) throw new TrackingClosedError(jobId, expiresAt!);
  const token = newTrackingToken();
  // Kept until the page closes; while the job is live, for LIVE_LINK_TTL_MS (no link is kept forever).
  const keepUntil = expiresAt ?? new Date(now.getTime() + LIVE_LINK_TTL_MS).toISOString();
  await rt.tracking.put({ tokenHash: trackingTokenHash(token), storeId: merchant.storeId, jobId, createdAt: now.toISOString() }, keepUntil, {
    storeId: merchant.storeId,
    keyHash: merchant.keyHash,
  });
  return { token, expiresAt };
}

/**
 * The job a token shows and its store, or null when the token is unknown, its page has closed, or the
 * store's API access is off (a store taken off the platform shows its customers nothing more).
 */
export async function trackedJob(rt: TrackingPageRuntime, token: string, now: Date): Promise<{ job: Job; store: Store } | null> {
  if (!looksLikeTrackingToken(token)) return null;
  const link = await rt.tracking.get(trackingTokenHash(token));
  if (!link) return null;
  const [job, store] = await Promise.all([rt.jobReader.get(link.storeId, link.jobId), rt.stores.get(link.storeId)]);
  if (!job || !store || !store.apiEnabled || !trackingOpen(job, now)) return null;
  return { job, store };
}

import { expect } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { seqOfJobId } from '../../functions/core/job.ts';
import { keys } from '../../functions/data/table.ts';
import type { Runtime } from '../../functions/runtime.ts';
import { dbOf } from './table.ts';
import type { TestMerchant } from './merchant.ts';
import type { TestServer } from './server.ts';

/** A tracking link as POST /v1/jobs/{id}/tracking-link gives it, with its path on the server. */
export interface TestTrackingLink {
  url: string;
  path: string;
  expiresAt: string | null;
}

/** Makes a tracking link for the merchant's job (expects 201). */
export async function trackingLinkOf(merchant: TestMerchant, jobId: string): Promise<TestTrackingLink> {
  const reply = await merchant.post(`/v1/jobs/${jobId}/tracking-link`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const { url, expiresAt } = (reply.body as { data: { url: string; expiresAt: string | null } }).data;
  return { url, path: new URL(url).pathname, expiresAt };
}

/** Loads a tracking page as a browser would (no key), with the request's own headers. */
export async function openPage(
  server: TestServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; html: string }> {
  const response = await server.request(path, { headers });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The page's visible words: its HTML without tags, script, style or entities, spaces collapsed. */
export function pageText(html: string): string {
  return html
    .replace(/<(script|style|title)>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Moves a job's whole history `ms` into the past (as if it all happened that long ago): for tests of what time closes. */
export async function ageJob(rt: Runtime, storeId: string, jobId: string, ms: number): Promise<void> {
  const job = await rt.jobs.get(storeId, jobId);
  if (!job) throw new Error(`No job ${jobId}`);
  const earlier = (iso: string) => new Date(Date.parse(iso) - ms).toISOString();
  await dbOf(rt).send(
    new UpdateCommand({
      TableName: rt.config.TABLE_NAME,
      Key: keys.job(storeId, seqOfJobId(jobId)!),
      UpdateExpression: 'SET events = :events, updatedAt = :updatedAt',
      ExpressionAttributeValues: {
        ':events': job.events.map((event) => ({ ...event, createdAt: earlier(event.createdAt) })),
        ':updatedAt': earlier(job.updatedAt),
      },
    }),
  );
}

import { ServiceUnavailableError } from '../core/errors.ts';
import { trackingView } from '../core/tracking.ts';
import { pageHandler } from '../http/handler.ts';
import { jobReaderPart, trackingPart } from '../runtime.ts';
import { trackedJob } from '../use-cases/tracking.ts';
import { chooseLanguage } from './messages.ts';
import { htmlResult, notFoundPage, trackingPage, unavailablePage } from './page.ts';

const languageOf = (event: { queryStringParameters: Record<string, string | undefined> | null; headers: Record<string, string | undefined> | null }) =>
  chooseLanguage(event.queryStringParameters?.lang, event.headers?.['accept-language']);

/**
 * GET /track/{token}: the customer's tracking page (public; the token is the access). An unknown
 * token, or a job whose page has closed, gets the friendly 404 page; a failure, a page saying to try
 * again (503 with Retry-After when it is passing).
 */
export const handler = pageHandler(
  'GET /track/{token}',
  { jobReader: jobReaderPart, tracking: trackingPart },
  (error, event) => {
    const m = languageOf(event);
    const passing = error instanceof ServiceUnavailableError;
    return htmlResult(passing ? 503 : 500, unavailablePage(m), m, passing ? { 'Retry-After': String(error.retryAfterSeconds) } : {});
  },
  async ({ event, rt }) => {
    const m = languageOf(event);
    const now = new Date();
    const tracked = await trackedJob(rt, event.pathParameters?.token ?? '', now);
    if (!tracked) return htmlResult(404, notFoundPage(m), m);
    return htmlResult(200, trackingPage(trackingView(tracked.job, tracked.store.name, now), m, now), m);
  },
);

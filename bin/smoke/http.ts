/**
 * The smoke test's HTTP client: node's own fetch against a stage URL, every answer read whole (its
 * status, headers, JSON or text body) so a step can say what it saw.
 */

/** How long one request may take before the step fails (a cold Lambda answers well within it). */
const REQUEST_TIMEOUT_MS = 30_000;

/** One answer, read whole. */
export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or null when the body was empty or not JSON. */
  json: unknown;
  text: string;
}

/** A step's refusal: the smoke test stops at the first one and says this message. */
export class StepFailedError extends Error {
  override name = 'StepFailedError';
}

/** What a request carries beside its method and path. */
export interface RequestOptions {
  key?: string;
  fleetKey?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The stage's API: paths are joined to its base URL (with or without the trailing slash CDK's ApiUrl has). */
export class StageApi {
  readonly base: string;
  /** Requests sent so far (the summary says how many a run made). */
  requests = 0;

  constructor(url: string) {
    this.base = url.replace(/\/+$/, '');
  }

  /** One request to a path of the stage (or an absolute URL); a network failure is a StepFailedError naming the URL. */
  async send(method: string, pathOrUrl: string, options: RequestOptions = {}): Promise<Answer> {
    const url = /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${this.base}${pathOrUrl}`;
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== undefined) headers['X-Api-Key'] = options.key;
    if (options.fleetKey !== undefined) headers.Authorization = `Bearer ${options.fleetKey}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    this.requests++;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        redirect: 'manual',
      });
    } catch (error) {
      throw new StepFailedError(`${method} ${url}: no answer (${networkReason(error)})`);
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: parseJson(text), text };
  }
}

function parseJson(text: string): unknown {
  try {
    return text.length > 0 ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

// fetch's "fetch failed" hides the reason in its cause (ECONNREFUSED, ENOTFOUND, a TLS error, the timeout).
function networkReason(error: unknown): string {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError') return `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
  return err.cause?.code ?? err.cause?.message ?? err.message ?? String(error);
}

/** An answer in a few words: its status, and the error body's code and message when it has them. */
export function describe(answer: Answer): string {
  const body = answer.json as { code?: unknown; error?: unknown } | null;
  if (body && typeof body === 'object' && typeof body.code === 'string') {
    return `${answer.status} ${body.code}${typeof body.error === 'string' ? `: ${body.error}` : ''}`;
  }
  const snippet = answer.text.replace(/\s+/g, ' ').trim().slice(0, 200);
  return `${answer.status}${snippet ? ` ${snippet}` : ''}`;
}

/** Fails the step unless the answer has the status expected; the message says what came instead. */
export function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new StepFailedError(`${what}: expected ${status}, got ${describe(answer)}`);
}

/** The `data` of a JSON answer. */
export function dataOf<T>(answer: Answer): T {
  return (answer.json as { data: T }).data;
}

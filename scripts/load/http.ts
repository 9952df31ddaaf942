import { assertMatchesContract } from '../../test/helpers/contract.ts';

/** One answer as the load's actors use it: status, parsed body, headers. */
export interface Answer {
  status: number;
  body: Record<string, unknown> & { data?: unknown; code?: string };
  headers: Headers;
}

/** Something the run saw that is wrong in itself, whatever the checks at the end find. */
export interface Fault {
  route: string;
  status: number | 'network';
  detail: string;
}

// A request that takes longer than this is a fault (the local server gives a handler 30 s).
const CLIENT_TIMEOUT_MS = 35_000;
// Enough of each kind of fault to see what went wrong, not a flood.
const MAX_FAULT_SAMPLES = 20;

/**
 * The load's HTTP client: every answer is counted by route (its template, `POST /v1/jobs/{id}/cancel`)
 * and status, timed, and held to the API description (docs/openapi.json, docs/fleet-openapi.json).
 * A 5xx, a network error, an answer off the contract or a 429 without `Retry-After` and the
 * `rate_limited` body is a fault.
 */
export class LoadClient {
  readonly baseUrl: string;
  /** route → status → count. */
  readonly counts = new Map<string, Map<string, number>>();
  /** route → latency of each answer (ms, as the client saw it). */
  readonly latencies = new Map<string, number[]>();
  readonly faults: { serverErrors: Fault[]; network: Fault[]; contract: Fault[]; badRateLimit: Fault[] } = {
    serverErrors: [],
    network: [],
    contract: [],
    badRateLimit: [],
  };
  readonly faultCounts = { serverErrors: 0, network: 0, contract: 0, badRateLimit: 0 };
  /** 429s answered as the spec says (`Retry-After` ≥ 1, `rate_limited`). */
  rateLimited = 0;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** Sends one request; never throws for an HTTP status (a network error or timeout answers status 0). */
  async send(route: string, path: string, init: { method?: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown }): Promise<Answer> {
    const method = init.method ?? 'GET';
    const started = performance.now();
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: init.headers,
        ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      this.count(route, 'network error');
      this.fault('network', { route, status: 'network', detail: (error as Error).message });
      return { status: 0, body: {}, headers: new Headers() };
    }
    const ms = performance.now() - started;
    this.count(route, String(response.status));
    (this.latencies.get(route) ?? this.latencies.set(route, []).get(route)!).push(ms);
    const answer: Answer = { status: response.status, body: text.length > 0 ? (JSON.parse(text) as Answer['body']) : {}, headers: response.headers };
    try {
      assertMatchesContract({ method, path: new URL(path, this.baseUrl).pathname }, { status: response.status, headers: response.headers, body: text });
    } catch (error) {
      this.fault('contract', { route, status: response.status, detail: (error as Error).message.slice(0, 400) });
    }
    if (response.status >= 500) this.fault('serverErrors', { route, status: response.status, detail: text.slice(0, 300) });
    if (response.status === 429) {
      const retryAfter = Number(response.headers.get('Retry-After'));
      if (answer.body.code === 'rate_limited' && Number.isInteger(retryAfter) && retryAfter >= 1) this.rateLimited += 1;
      else this.fault('badRateLimit', { route, status: 429, detail: `Retry-After ${response.headers.get('Retry-After')}, ${text.slice(0, 200)}` });
    }
    return answer;
  }

  private count(route: string, status: string): void {
    const byStatus = this.counts.get(route) ?? this.counts.set(route, new Map()).get(route)!;
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }

  private fault(kind: keyof LoadClient['faultCounts'], fault: Fault): void {
    this.faultCounts[kind] += 1;
    if (this.faults[kind].length < MAX_FAULT_SAMPLES) this.faults[kind].push(fault);
  }
}

/** Seconds a 429 asks the client to wait (at least 1). */
export const retryAfterSeconds = (answer: Answer) => Math.max(1, Number(answer.headers.get('Retry-After')) || 1);

/** Resolves after `ms`, or at once when `deadline` (epoch ms) comes first. */
export function pause(ms: number, deadline = Infinity): Promise<void> {
  const wait = Math.max(0, Math.min(ms, deadline - Date.now()));
  return new Promise((resolve) => setTimeout(resolve, wait));
}

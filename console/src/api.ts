import type { paths } from '../../examples/api.d.ts';
import { accessToken, refreshAccess } from './session.ts';
import { basePath } from './base.ts';

/**
 * The console's client of the public API, typed from the generated OpenAPI types: a path is the
 * OpenAPI literal, and its parameters, body and answer are the generated types, so a field the API
 * drops or renames is a type error here. Every request carries the session's access token as
 * X-Api-Key, as an integration carries its key.
 */

type Method = 'get' | 'post' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = paths[P] extends Record<M, infer Op> ? Op : never;
/** The paths that have an operation for the method. */
export type PathOf<M extends Method> = { [P in keyof paths]-?: paths[P] extends Record<M, { responses: unknown }> ? P : never }[keyof paths];

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
/** What a 2xx answers: its JSON, or undefined for a 204. */
type Success<Op> = Op extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 | 202 ? JsonOf<R[S]> : S extends 204 ? undefined : never }[keyof R]
  : never;
type BodyOf<Op> = Op extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : Op extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : never;
type ParamsOf<Op> = Op extends { parameters: { path: infer P } } ? P : never;
type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? Q : never;

interface Options<Op> {
  params?: ParamsOf<Op>;
  query?: QueryOf<Op>;
}

/** A 2xx answer: the parsed JSON (undefined for 204) and the response (headers such as ETag). */
export interface ApiResult<T> {
  data: T;
  response: Response;
}

/** The spec's error body. */
export interface ErrorBody {
  error: string;
  code: string;
  details?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; [key: string]: unknown };
}

/** An answer other than 2xx, with the spec's error body taken apart for forms. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: ErrorBody;
  readonly fieldErrors: Record<string, string[]>;
  readonly formErrors: string[];
  /** Seconds to wait, from a 429's Retry-After. */
  readonly retryAfter: number | null;

  constructor(status: number, body: ErrorBody, retryAfter: number | null) {
    super(body.error);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.body = body;
    this.fieldErrors = body.details?.fieldErrors ?? {};
    this.formErrors = body.details?.formErrors ?? [];
    this.retryAfter = retryAfter;
  }
}

/** A fresh Idempotency-Key: a form makes one and keeps it across its retries. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** `/v1/jobs/{id}` with `{id}` filled in (encoded) and the query appended, under the deployment's base path. */
export function urlOf(path: string, params?: unknown, query?: unknown): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (value === undefined || value === null) throw new Error(`No value for {${name}} in ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return `${basePath()}${filled}${text ? `?${text}` : ''}`;
}

interface Send {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  accept?: string;
}

/**
 * Sends a request with the access token; an expired token is refreshed once and the same request sent
 * again (same headers, so the same Idempotency-Key: the API answers a retried write as it did the first).
 */
async function send({ method, url, headers = {}, body, accept = 'application/json' }: Send): Promise<Response> {
  const attempt = async () =>
    fetch(url, {
      method,
      headers: {
        Accept: accept,
        'X-Api-Key': await accessToken(),
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      credentials: 'same-origin',
    });
  let response = await attempt();
  if (response.status === 401) {
    // The token ended (session_expired), or the API refuses the store: the refresh says which (it renews a
    // live session, signs out an ended one, and shows the notice of a store whose API access is off).
    try {
      await refreshAccess();
    } catch {
      throw await errorOf(response);
    }
    response = await attempt();
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}

/** The ApiError of a non-2xx response (a body that is not the spec's still gives a readable error). */
export async function errorOf(response: Response): Promise<ApiError> {
  const retryAfter = response.headers.get('Retry-After');
  let body: ErrorBody;
  try {
    body = (await response.json()) as ErrorBody;
    if (typeof body?.error !== 'string' || typeof body?.code !== 'string') throw new Error('not an error body');
  } catch {
    body = { error: `The API answered ${response.status}`, code: `http_${response.status}` };
  }
  return new ApiError(response.status, body, retryAfter === null ? null : Number(retryAfter));
}

async function json<T>(response: Response): Promise<ApiResult<T>> {
  const data = response.status === 204 ? undefined : await response.json();
  return { data: data as T, response };
}

export const api = {
  /** GET a JSON resource. */
  async get<P extends PathOf<'get'>>(path: P, options: Options<Operation<P, 'get'>> = {}): Promise<ApiResult<Success<Operation<P, 'get'>>>> {
    return json(await send({ method: 'GET', url: urlOf(path, options.params, options.query) }));
  },

  /** GET a resource as text in another representation (`Accept: text/csv`): the body exactly as the API sent it. */
  async text<P extends PathOf<'get'>>(path: P, options: Options<Operation<P, 'get'>> & { accept: string }): Promise<string> {
    const response = await send({ method: 'GET', url: urlOf(path, options.params, options.query), accept: options.accept });
    return response.text();
  },

  /** POST, with an Idempotency-Key when the form made one. */
  async post<P extends PathOf<'post'>>(
    path: P,
    options: Options<Operation<P, 'post'>> & { body?: BodyOf<Operation<P, 'post'>>; idempotencyKey?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResult<Success<Operation<P, 'post'>>>> {
    const headers = { ...options.headers, ...(options.idempotencyKey && { 'Idempotency-Key': options.idempotencyKey }) };
    return json(await send({ method: 'POST', url: urlOf(path, options.params, options.query), headers, body: options.body }));
  },

  /** PATCH, with If-Match when the page holds the resource's ETag. */
  async patch<P extends PathOf<'patch'>>(
    path: P,
    options: Options<Operation<P, 'patch'>> & { body: BodyOf<Operation<P, 'patch'>>; ifMatch?: string },
  ): Promise<ApiResult<Success<Operation<P, 'patch'>>>> {
    const headers: Record<string, string> = options.ifMatch ? { 'If-Match': options.ifMatch } : {};
    return json(await send({ method: 'PATCH', url: urlOf(path, options.params, options.query), headers, body: options.body }));
  },

  /** DELETE. */
  async delete<P extends PathOf<'delete'>>(path: P, options: Options<Operation<P, 'delete'>> = {}): Promise<ApiResult<Success<Operation<P, 'delete'>>>> {
    return json(await send({ method: 'DELETE', url: urlOf(path, options.params, options.query) }));
  },
};

import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import * as z from '../zod.ts';
import { ConsoleHeaderRequiredError, InvalidJsonError } from '../core/errors.ts';
import { refreshCookie, refreshTokenFromCookies } from '../core/session.ts';
import { errorResult } from '../http/errors.ts';
import { pageHandler, type ProxyHandler } from '../http/handler.ts';
import { requestIsHttps } from '../http/public-url.ts';
import { jsonResult } from '../http/responses.ts';
import type { PublicRouteKey } from '../http/routes.ts';
import { parseOrThrow } from '../http/validation.ts';
import { sessionsPart, type RuntimeWith } from '../runtime.ts';
import type { SessionResponse } from '../schemas/console-session.schema.ts';
import type { SessionAnswer } from '../use-cases/console-session.ts';

const USES = { sessions: sessionsPart };

/** What a session route's use case receives. */
export interface SessionRouteInput {
  event: APIGatewayProxyEvent;
  rt: RuntimeWith<typeof USES>;
  now: Date;
  https: boolean;
  /** The refresh token of the request's cookie (under this scheme's name), or null. */
  refreshToken: string | null;
}

// Session answers are never cached by anything between the app and the API.
const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * A console session route: public (no key; the gateway throttles it per IP), answering the spec's error
 * body, and only to requests with `X-Console: 1`, which a cross-site form cannot send (with the cookie's
 * SameSite=Strict, the second guard against a forged request).
 */
export function sessionRoute(key: PublicRouteKey, route: (input: SessionRouteInput) => Promise<APIGatewayProxyResult>): ProxyHandler {
  return pageHandler(
    key,
    USES,
    (error) => {
      const answer = errorResult(error);
      return { ...answer, headers: { ...answer.headers, ...NO_STORE } };
    },
    async ({ event, rt }) => {
      if (event.headers?.['x-console']?.trim() !== '1') throw new ConsoleHeaderRequiredError();
      const https = requestIsHttps(event);
      return route({ event, rt, now: new Date(), https, refreshToken: refreshTokenFromCookies(event.headers?.['cookie'], https) });
    },
  );
}

/** The body of a session route that takes none: empty, or an object without fields. */
export const NO_FIELDS = z.strictObject({});

/** The request's JSON body checked against `schema` (the spec's 400s: invalid_json, validation_error). */
export function sessionBody<S extends z.core.$ZodType>(event: APIGatewayProxyEvent, schema: S): z.infer<S> {
  let body: unknown;
  try {
    body = JSON.parse(event.body && event.body.trim() !== '' ? event.body : '{}');
  } catch (error) {
    throw new InvalidJsonError(error);
  }
  return parseOrThrow(schema, body, 'request body');
}

/** The answer of sign-in, refresh and mode switch: the access token and session, the rotated refresh cookie. */
export function sessionResult(status: 200 | 201, answer: SessionAnswer, input: SessionRouteInput): APIGatewayProxyResult {
  const { tokens, view } = answer;
  const maxAge = (Date.parse(tokens.session.expiresAt) - input.now.getTime()) / 1000;
  const body: SessionResponse = { accessToken: tokens.accessToken, accessTokenExpiresAt: tokens.accessTokenExpiresAt, session: view };
  return jsonResult(status, body, { ...NO_STORE, 'Set-Cookie': refreshCookie(tokens.refreshToken, maxAge, input.https) });
}

/** 204 with the refresh cookie cleared. */
export function signedOutResult(input: SessionRouteInput): APIGatewayProxyResult {
  return { statusCode: 204, headers: { ...NO_STORE, 'Set-Cookie': refreshCookie('', 0, input.https) }, body: '' };
}

import { refresh } from '../use-cases/console-session.ts';
import { NO_FIELDS, sessionBody, sessionResult, sessionRoute } from './session-route.ts';

/** POST /console/v1/sessions/refresh: rotates the cookie's refresh token → 200, a new access token and cookie. Takes no body (a field sent is refused, as on every bodyless POST). */
export const handler = sessionRoute('POST /console/v1/sessions/refresh', async (input) => {
  sessionBody(input.event, NO_FIELDS);
  return sessionResult(200, await refresh(input.rt, input.refreshToken, input.now), input);
});

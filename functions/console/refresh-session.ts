import { refresh } from '../use-cases/console-session.ts';
import { sessionResult, sessionRoute } from './session-route.ts';

/** POST /console/v1/sessions/refresh: rotates the cookie's refresh token → 200, a new access token and cookie. */
export const handler = sessionRoute('POST /console/v1/sessions/refresh', async (input) =>
  sessionResult(200, await refresh(input.rt, input.refreshToken, input.now), input),
);

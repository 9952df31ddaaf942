import { CreateSessionRequest } from '../schemas/console-session.schema.ts';
import { signIn } from '../use-cases/console-session.ts';
import { sessionBody, sessionResult, sessionRoute } from './session-route.ts';

/** POST /console/v1/sessions: signs in with a sign-in link's token → 201, the access token and the refresh cookie. */
export const handler = sessionRoute('POST /console/v1/sessions', async (input) => {
  const { loginToken } = sessionBody(input.event, CreateSessionRequest);
  return sessionResult(201, await signIn(input.rt, loginToken, input.now), input);
});

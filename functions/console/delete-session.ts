import { signOut } from '../use-cases/console-session.ts';
import { signedOutResult, sessionRoute } from './session-route.ts';

/** DELETE /console/v1/sessions/current: signs out (the session and its access tokens revoked) → 204, the cookie cleared. Idempotent. */
export const handler = sessionRoute('DELETE /console/v1/sessions/current', async (input) => {
  await signOut(input.rt, input.refreshToken, input.now);
  return signedOutResult(input);
});

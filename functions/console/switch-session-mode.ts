import { SwitchModeRequest } from '../schemas/console-session.schema.ts';
import { switchMode } from '../use-cases/console-session.ts';
import { sessionBody, sessionResult, sessionRoute } from './session-route.ts';

/** POST /console/v1/sessions/mode: acts for the live store or its sandbox twin → 200, a new access token (the earlier ones revoked). */
export const handler = sessionRoute('POST /console/v1/sessions/mode', async (input) => {
  const { mode } = sessionBody(input.event, SwitchModeRequest);
  return sessionResult(200, await switchMode(input.rt, input.refreshToken, mode, input.now), input);
});

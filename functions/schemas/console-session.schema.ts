import * as z from '../zod.ts';

/** POST /console/v1/sessions: the token from a sign-in link's fragment. */
export const CreateSessionRequest = z.strictObject({ loginToken: z.string().check(z.minLength(1), z.maxLength(200)) });
export type CreateSessionRequest = z.infer<typeof CreateSessionRequest>;

/** POST /console/v1/sessions/mode: the mode to act in. */
export const SwitchModeRequest = z.strictObject({ mode: z.enum(['live', 'test']) });
export type SwitchModeRequest = z.infer<typeof SwitchModeRequest>;

const StoreRef = z.strictObject({ id: z.string(), name: z.string() });

/** A console session as the app sees it: the store the link was for, its twin, the mode it acts in. */
export const ConsoleSession = z.strictObject({
  id: z.string(),
  mode: z.enum(['live', 'test']),
  store: StoreRef,
  testStore: z.nullable(StoreRef),
});
export type ConsoleSession = z.infer<typeof ConsoleSession>;

/** The answer of sign-in, refresh and mode switch (the refresh token rides in the cookie). */
export const SessionResponse = z.strictObject({
  accessToken: z.string(),
  accessTokenExpiresAt: z.string(),
  session: ConsoleSession,
});
export type SessionResponse = z.infer<typeof SessionResponse>;

/**
 * What the engine logs, the heartbeats the stack's alarms watch (lib/ imports this, so it imports
 * nothing that pulls in the AWS SDK): each worker run ends with `run`, each sweep with `sweep`.
 */
export const ENGINE_MESSAGES = { run: 'worker ran', sweep: 'sweep ran' } as const;

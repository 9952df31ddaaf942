import { AsyncLocalStorage } from 'node:async_hooks';
import { findInvocationLogger, logger, newLogger } from '../../functions/log/logger.ts';

// npm start runs the requests and the engine's workers in one process: each worker run, sweep and stream read
// logs through a logger of its own, as its own Lambda invocation would on AWS.
const invocation = new AsyncLocalStorage<ReturnType<typeof newLogger>>();
findInvocationLogger(() => invocation.getStore());

/** Runs `work` as an invocation of its own: its records carry none of the keys or Lambda context a request set. */
export function isolated<T>(work: () => T): T {
  const own = newLogger();
  own.setLogLevel(logger.getLevelName());
  return invocation.run(own, work);
}

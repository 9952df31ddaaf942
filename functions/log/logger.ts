import { Logger } from '@aws-lambda-powertools/logger';
import type { LogItem } from '@aws-lambda-powertools/logger';
import type { LogItemExtraInput, LogItemMessage } from '@aws-lambda-powertools/logger/types';
import { redactReplacer } from './redact.ts';

/** Takes each log record in place of standard output: the record (redacted) and its JSON line, exactly as Lambda would print it. */
export type LogSink = (record: Record<string, unknown>, json: string) => void;

// Where every logger of the process sends its records (npm start's terminal); none on Lambda.
let sink: LogSink | undefined;
// The logger of the invocation the code runs in, where one process runs several (npm start's engine: bin/local/log-scope.ts).
let invocationLogger: () => ApiLogger | undefined = () => undefined;

// Powertools' logger, whose records can be sent elsewhere than standard output (npm start's terminal).
class ApiLogger extends Logger {
  /** Sends every record to `sink` instead of standard output; undefined prints JSON again. Lambda never sets one. */
  sendTo(to: LogSink | undefined): void {
    sink = to;
  }

  // A record of another invocation's code goes through that invocation's logger, with its keys and context only.
  protected override processLogItem(logLevel: number, input: LogItemMessage, extraInput: LogItemExtraInput): void {
    const own = invocationLogger();
    if (own === undefined || own === this) super.processLogItem(logLevel, input, extraInput);
    else own.processLogItem(logLevel, input, extraInput);
  }

  protected override printLog(logLevel: number, log: LogItem): void {
    if (!sink) {
      super.printLog(logLevel, log);
      return;
    }
    log.prepareForPrint();
    const json = JSON.stringify(log.getAttributes(), this.getJsonReplacer());
    sink(JSON.parse(json) as Record<string, unknown>, json);
  }
}

/** A logger as every function's: its level from LOG_LEVEL (or POWERTOOLS_LOG_LEVEL), every record through the redacting replacer. */
export function newLogger(): ApiLogger {
  return new ApiLogger({
    serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'delivery-api',
    jsonReplacerFn: redactReplacer,
    // A deployed function's stage (the custom metrics' Stage dimension is read from it); none locally.
    ...(process.env.STAGE && { persistentKeys: { stage: process.env.STAGE } }),
  });
}

/** Where one process runs several invocations: `find` names the logger of the one the code runs in (undefined: the process's). */
export function findInvocationLogger(find: () => ApiLogger | undefined): void {
  invocationLogger = find;
}

/**
 * The structured logger every function uses. Level comes from LOG_LEVEL (or POWERTOOLS_LOG_LEVEL);
 * every record passes the redacting replacer, so keys and phone numbers cannot reach the logs.
 */
export const logger = newLogger();

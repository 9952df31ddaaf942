import { Logger } from '@aws-lambda-powertools/logger';
import type { LogItem } from '@aws-lambda-powertools/logger';
import { redactReplacer } from './redact.ts';

/** Takes each log record in place of standard output: the record (redacted) and its JSON line, exactly as Lambda would print it. */
export type LogSink = (record: Record<string, unknown>, json: string) => void;

// Powertools' logger, whose records can be sent elsewhere than standard output (npm start's terminal).
class ApiLogger extends Logger {
  #sink: LogSink | undefined;

  /** Sends every record to `sink` instead of standard output; undefined prints JSON again. Lambda never sets one. */
  sendTo(sink: LogSink | undefined): void {
    this.#sink = sink;
  }

  protected override printLog(logLevel: number, log: LogItem): void {
    if (!this.#sink) {
      super.printLog(logLevel, log);
      return;
    }
    log.prepareForPrint();
    const json = JSON.stringify(log.getAttributes(), this.getJsonReplacer());
    this.#sink(JSON.parse(json) as Record<string, unknown>, json);
  }
}

/**
 * The structured logger every function uses. Level comes from LOG_LEVEL (or POWERTOOLS_LOG_LEVEL);
 * every record passes the redacting replacer, so keys and phone numbers cannot reach the logs.
 */
export const logger = new ApiLogger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'delivery-api',
  jsonReplacerFn: redactReplacer,
  // A deployed function's stage (the custom metrics' Stage dimension is read from it); none locally.
  ...(process.env.STAGE && { persistentKeys: { stage: process.env.STAGE } }),
});

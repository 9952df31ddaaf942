import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
import type { LogItem } from '@aws-lambda-powertools/logger';
import type { ConstructorOptions, LogAttributes, LogItemExtraInput, LogItemMessage } from '@aws-lambda-powertools/logger/types';
import type { Context } from 'aws-lambda';
import { redactReplacer } from './redact.ts';

/** Takes each log record in place of standard output: the record (redacted) and its JSON line, exactly as Lambda would print it. */
export type LogSink = (record: Record<string, unknown>, json: string) => void;

// The logger of the invocation the code runs in, where one process runs several (npm start: the requests and the engine's workers).
const invocation = new AsyncLocalStorage<ApiLogger>();

// Powertools' logger, whose records can be sent elsewhere than standard output (npm start's terminal).
class ApiLogger extends Logger {
  #sink: LogSink | undefined;
  readonly #options: ConstructorOptions;

  constructor(options: ConstructorOptions) {
    super(options);
    this.#options = options;
  }

  /** Sends every record to `sink` instead of standard output; undefined prints JSON again. Lambda never sets one. */
  sendTo(sink: LogSink | undefined): void {
    this.#sink = sink;
  }

  /**
   * Runs `work` as an invocation of its own: its records carry its own keys and Lambda context only, never
   * those another invocation in the process set (on AWS each worker run is a Lambda invocation; under npm
   * start the engine's runs share the process, and the logger, with the requests).
   */
  isolated<T>(work: () => T): T {
    const own = new ApiLogger({ ...this.#options, logLevel: this.getLevelName() });
    own.sendTo(this.#sink);
    return invocation.run(own, work);
  }

  // The logger of the current invocation: this one, unless the code runs in an isolated one.
  #current(): ApiLogger {
    const own = invocation.getStore();
    return own === undefined || own === this ? this : own;
  }

  override addContext(context: Context): void {
    const current = this.#current();
    if (current === this) super.addContext(context);
    else current.addContext(context);
  }

  override appendKeys(attributes: LogAttributes): void {
    const current = this.#current();
    if (current === this) super.appendKeys(attributes);
    else current.appendKeys(attributes);
  }

  override resetKeys(): void {
    const current = this.#current();
    if (current === this) super.resetKeys();
    else current.resetKeys();
  }

  protected override processLogItem(logLevel: number, input: LogItemMessage, extraInput: LogItemExtraInput): void {
    const current = this.#current();
    if (current === this) super.processLogItem(logLevel, input, extraInput);
    else current.processLogItem(logLevel, input, extraInput);
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

import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LogSink } from '../../functions/log/logger.ts';

/** Where the terminal writes, and its size when it is one (a pipe has none: 24 × 80 is assumed). */
export interface Screen {
  write(text: string): void;
  rows?: number;
  columns?: number;
}

/**
 * npm start's terminal after the banner: short lines, and the banner's essentials printed again
 * before the banner would scroll off screen (the line count is kept as the screen would wrap it).
 */
export class Terminal {
  readonly #screen: Screen;
  readonly #reminder: string;
  // How tall the last banner (or reminder) is, and how many lines were printed under it.
  #shown: number;
  #under = 0;

  constructor(screen: Screen, banner: string, reminder: string) {
    this.#screen = screen;
    this.#reminder = reminder;
    this.#shown = this.#height(banner);
  }

  /** Prints a line (or lines), first printing the reminder again when the banner would otherwise leave the screen. */
  print(text: string): void {
    const height = this.#height(text);
    // One row stays for the cursor: the banner stays whole on screen when shown + under < rows.
    if (this.#shown + this.#under + height >= (this.#screen.rows ?? 24)) {
      this.#screen.write(`${this.#reminder}\n`);
      this.#shown = this.#height(this.#reminder);
      this.#under = 0;
    }
    this.#screen.write(`${text}\n`);
    this.#under += height;
  }

  #height(text: string): number {
    const columns = this.#screen.columns ?? 80;
    return text.split('\n').reduce((rows, line) => rows + Math.max(1, Math.ceil([...line].length / columns)), 0);
  }
}

// 12:04:31 (local time): enough to tell requests apart; the full timestamp is in the JSON record.
const clock = (timestamp: unknown) => (typeof timestamp === 'string' ? new Date(timestamp).toTimeString().slice(0, 8) : '--:--:--');

/**
 * One log record as a short terminal line, or null for records the terminal leaves to the JSON file:
 * an access line (time, route, status, milliseconds, store or fleet key) for each request, and a line
 * for each warning or error. The route is the route table's (`/v1/jobs/{id}`), not the path asked
 * for: a tracking page's path is its secret token.
 */
export function humanLine(record: Record<string, unknown>): string | null {
  const time = clock(record.timestamp);
  if (record.message === 'request' && typeof record.status === 'number') {
    const who = record.storeId ?? record.fleetKeyId ?? '-';
    return `${time} ${String(record.route ?? '?')} → ${record.status} ${Number(record.latencyMs ?? 0).toFixed(1)} ms ${String(who)}`;
  }
  if (record.level === 'WARN' || record.level === 'ERROR' || record.level === 'CRITICAL') {
    const error = record.error as { message?: unknown } | undefined;
    const detail = typeof error?.message === 'string' ? `: ${error.message}` : '';
    // Only a request's own failure names its route: the workers log through the same logger, under the last request's keys.
    const route = record.message === 'request failed' && record.route ? ` (${String(record.route)})` : '';
    return `${time} ${record.level === 'WARN' ? '!' : '✖'} ${String(record.message)}${detail}${route}`;
  }
  return null;
}

/**
 * The log sink of npm start: every record, as the JSON line Lambda would print, appended to `jsonFile`;
 * its short form (humanLine) on the terminal.
 */
export function localLogSink(terminal: Terminal, jsonFile: string): LogSink {
  mkdirSync(dirname(jsonFile), { recursive: true });
  return (record, json) => {
    appendFileSync(jsonFile, `${json}\n`);
    const line = humanLine(record);
    if (line !== null) terminal.print(line);
  };
}

/** A store's or fleet key's requests over its limit. */
import { AppError } from './base.ts';

export class RateLimitedError extends AppError {
  declare readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('rate_limited', `Rate limit exceeded; retry in ${retryAfterSeconds} s`, { retryAfterSeconds });
    this.name = 'RateLimitedError';
  }
}

// API keys anywhere in a string, and runs of digits that could be a phone number (10+ digits,
// optionally with + and any spaces or hyphens between, as the API accepts them): logs must never carry either.
const API_KEY = /mdk_(live|test)_[0-9A-Za-z]+/g;
const PHONE_LIKE = /\+?\d(?:[\s-]*\d){9,}/g;
const SECRET_FIELDS = /^(x-api-key|apikey|api_key|authorization|.*phone)$/i;

/** Masks API keys and phone-like digit runs in a string. */
export function redactText(text: string): string {
  return text.replace(API_KEY, 'mdk_$1_[REDACTED]').replace(PHONE_LIKE, '[REDACTED-PHONE]');
}

/** JSON replacer for the logger: secret-named fields are dropped to a marker; strings are masked. */
export function redactReplacer(key: string, value: unknown): unknown {
  if (key !== '' && SECRET_FIELDS.test(key) && value !== null && value !== undefined) return '[REDACTED]';
  return typeof value === 'string' ? redactText(value) : value;
}

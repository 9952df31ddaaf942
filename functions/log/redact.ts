// API keys, fleet keys and webhook signing secrets anywhere in a string, and Indian mobile numbers in any way the API accepts them (an
// optional +91, 91 or 0, then ten digits starting 6-9, spaces or hyphens anywhere between): logs must
// never carry either. Longer digit runs (account ids in ARNs, epoch milliseconds) and digits that
// touch letters (a UUID's hex groups) are not phones.
const API_KEY = /mdk_(live|test)_[0-9A-Za-z]+/g;
const FLEET_KEY = /fk_(rider|ops)_[0-9A-Za-z]+/g;
const WEBHOOK_SECRET = /whsec_[0-9A-Za-z+/=]+/g;
const PHONE_LIKE = /(?<![0-9A-Za-z+])(?:\+?91[\s-]*|0[\s-]*)?[6-9](?:[\s-]*\d){9}(?![0-9A-Za-z])/g;
const SECRET_FIELDS = /^(x-api-key|apikey|api_key|authorization|.*phone|secrets?|sealed|webhook-signature)$/i;

/** Masks API keys, fleet keys, webhook secrets and phone-like digit runs in a string. */
export function redactText(text: string): string {
  return text
    .replace(API_KEY, 'mdk_$1_[REDACTED]')
    .replace(FLEET_KEY, 'fk_$1_[REDACTED]')
    .replace(WEBHOOK_SECRET, 'whsec_[REDACTED]')
    .replace(PHONE_LIKE, '[REDACTED-PHONE]');
}

/** JSON replacer for the logger: secret-named fields are dropped to a marker; strings are masked. */
export function redactReplacer(key: string, value: unknown): unknown {
  if (key !== '' && SECRET_FIELDS.test(key) && value !== null && value !== undefined) return '[REDACTED]';
  return typeof value === 'string' ? redactText(value) : value;
}

import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { istDateTime, istTime, money } from '../format.ts';
import { useLocale, useT } from '../i18n.ts';
import { Link } from './page.tsx';

/** A table with its caption; at 320 px it scrolls inside its own box rather than widening the page. */
export function Table({ caption, head, children, empty }: { caption: string; head: string[]; children?: ComponentChildren; empty?: boolean }) {
  const t = useT();
  return (
    <div class="table-box" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((name) => (
              <th scope="col" key={name}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty ? (
            <tr>
              <td colSpan={head.length} class="muted">
                {t.common.empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}

const TONE: Record<string, 'ok' | 'warn' | 'bad' | 'neutral'> = {
  delivered: 'ok',
  captured: 'ok',
  active: 'ok',
  enabled: 'ok',
  succeeded: 'ok',
  failed: 'bad',
  cancelled: 'bad',
  revoked: 'bad',
  disabled: 'bad',
  review: 'warn',
  expiring: 'warn',
  failing: 'warn',
  pending: 'warn',
};
const SHAPE = { ok: '●', warn: '▲', bad: '■', neutral: '○' } as const;

/** A status: its words and a shape (circle, triangle, square), so it never rests on colour alone. */
export function StatusBadge({ value, label }: { value: string; label?: string }) {
  const tone = TONE[value] ?? 'neutral';
  return (
    <span class={`badge badge-${tone}`}>
      <span aria-hidden="true">{SHAPE[tone]} </span>
      {label ?? value}
    </span>
  );
}

/** An amount in paise, in rupees. */
export function Money({ minor }: { minor: number | null | undefined }) {
  return <span class="money">{minor === null || minor === undefined ? '—' : money(minor)}</span>;
}

/** An instant: the IST text, the UTC value in `datetime`. */
export function Time({ iso, clock }: { iso: string | null | undefined; clock?: boolean }) {
  const locale = useLocale();
  if (!iso) return <span>—</span>;
  return <time dateTime={new Date(iso).toISOString()}>{clock ? istTime(iso, locale) : istDateTime(iso, locale)}</time>;
}

function remaining(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The time left to a deadline, ticking each second, and the deadline's IST time. Screen readers hear it
 * once a minute, not every second.
 */
export function Countdown({ deadline }: { deadline: string }) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Date.parse(deadline) - now;
  const minutesLeft = Math.max(0, Math.ceil(left / 60_000));
  return (
    <span class={`countdown${left <= 0 ? ' countdown-passed' : ''}`}>
      <span class="countdown-clock" aria-hidden="true">
        {left > 0 ? t.common.countdown.left(remaining(left)) : t.common.countdown.passed}
      </span>
      <span class="sr-only" aria-live="polite">
        {left > 0 ? t.common.countdown.left(`${minutesLeft} min`) : t.common.countdown.passed}
      </span>{' '}
      <span class="muted">
        ({t.common.countdown.until('')}
        <Time iso={deadline} clock />)
      </span>
    </span>
  );
}

/** Copies a value (a secret shown once) to the clipboard, and says so. */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  };
  return (
    <button type="button" class="button button-plain" onClick={copy}>
      {copied ? t.common.copied : (label ?? t.common.copy)}
      <span class="sr-only" role="status">
        {copied ? t.common.copied : ''}
      </span>
    </button>
  );
}

/** Links to the list's first and next pages (the hrefs carry the filters; null when there is none). */
export function Pager({ first, next }: { first?: string | null; next?: string | null }) {
  const t = useT();
  if (!first && !next) return null;
  return (
    <nav class="row pager" aria-label={t.common.nextPage}>
      {first && <Link href={first}>{t.common.firstPage}</Link>}
      {next && (
        <Link href={next} rel="next">
          {t.common.nextPage} →
        </Link>
      )}
    </nav>
  );
}

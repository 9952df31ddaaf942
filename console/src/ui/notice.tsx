import type { ComponentChildren } from 'preact';
import { ApiError } from '../api.ts';
import { useT } from '../i18n.ts';

/** A message in the page: `status` for news (polite), `alert` for a problem (announced at once). Never colour alone: an icon and words. */
export function Notice({ kind = 'info', title, children }: { kind?: 'info' | 'ok' | 'warn' | 'error'; title?: string; children?: ComponentChildren }) {
  const icon = { info: 'ℹ', ok: '✓', warn: '!', error: '✕' }[kind];
  return (
    <div class={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <span class="notice-icon" aria-hidden="true">
        {icon}
      </span>
      <div class="stack-tight">
        {title && <strong>{title}</strong>}
        {children}
      </div>
    </div>
  );
}

/** While a page's data loads. */
export function Loading() {
  const t = useT();
  return (
    <p class="muted" role="status">
      {t.common.loading}
    </p>
  );
}

/** What an error means to the person: the API's words, a 429's wait, or the network. */
export function errorText(error: unknown, t: ReturnType<typeof useT>): string {
  if (error instanceof ApiError) {
    if (error.status === 429 && error.retryAfter !== null) return `${error.message}. ${t.common.errors.rateLimited(error.retryAfter)}`;
    return error.message;
  }
  return t.common.errors.network;
}

/** An error as a notice, with a retry when the page can load again. */
export function ErrorNotice({ error, retry }: { error: unknown; retry?: () => void }) {
  const t = useT();
  return (
    <Notice kind="error" title={t.common.errors.title}>
      <p>{errorText(error, t)}</p>
      {error instanceof ApiError && error.formErrors.length > 0 && (
        <ul>
          {error.formErrors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {retry && (
        <button type="button" class="button button-plain" onClick={retry}>
          {t.common.retry}
        </button>
      )}
    </Notice>
  );
}

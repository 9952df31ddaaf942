import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { setLanguage, useLanguage, useT, type Language } from '../i18n.ts';
import { appPath } from '../router.ts';
import { signOut, switchMode, type Session } from '../session.ts';
import { Link } from './page.tsx';
import { errorText } from './notice.tsx';

const NAV = [
  ['/attention', 'attention'],
  ['/jobs', 'jobs'],
  ['/book', 'book'],
  ['/statement', 'statement'],
  ['/remittances', 'remittances'],
  ['/webhooks', 'webhooks'],
  ['/events', 'events'],
  ['/api-keys', 'apiKeys'],
] as const;

/** Which nav entry the current path belongs to (`/jobs/job_1` is under Jobs). */
function isCurrent(path: string, entry: string): boolean {
  if (entry === '/attention') return path === '/' || path === '/attention';
  return path === entry || path.startsWith(`${entry}/`);
}

/** The language switch: the two names in their own scripts. */
export function LanguageSwitch() {
  const t = useT();
  const language = useLanguage();
  return (
    <label class="inline-field">
      <span>{t.common.language}</span>
      <select value={language} onChange={(event) => setLanguage((event.currentTarget as HTMLSelectElement).value as Language)}>
        <option value="en" lang="en">
          English
        </option>
        <option value="hi" lang="hi">
          हिन्दी
        </option>
      </select>
    </label>
  );
}

/** The frame of every signed-in page: the store, the test/live switch (when the store has a twin), the menu, and the test-data bar. */
export function Layout({ session, children }: { session: Session; children: ComponentChildren }) {
  const t = useT();
  const path = appPath();
  const [switchError, setSwitchError] = useState<string | null>(null);
  const acting = session.mode === 'test' && session.testStore ? session.testStore : session.store;
  const change = async (mode: Session['mode']) => {
    setSwitchError(null);
    try {
      await switchMode(mode);
    } catch (error) {
      setSwitchError(errorText(error, t));
    }
  };
  return (
    <>
      <a class="skip" href="#main">
        {t.common.skipToContent}
      </a>
      {session.mode === 'test' && (
        <p class="test-bar" role="note">
          <strong>{t.common.mode.test}</strong> · {t.common.testData}
        </p>
      )}
      <header class="top">
        <div class="brand">
          <span class="product">{t.common.product}</span>
          <span class="store">{acting.name}</span>
        </div>
        <div class="row controls">
          {session.testStore && (
            <fieldset class="mode-switch">
              <legend>{t.common.mode.label}</legend>
              {(['live', 'test'] as const).map((mode) => (
                <label key={mode} class={session.mode === mode ? 'on' : ''}>
                  <input type="radio" name="mode" value={mode} checked={session.mode === mode} onChange={() => change(mode)} />
                  {t.common.mode[mode]}
                </label>
              ))}
            </fieldset>
          )}
          <LanguageSwitch />
          <button type="button" class="button button-plain" onClick={() => void signOut()}>
            {t.common.signOut}
          </button>
        </div>
        {switchError && (
          <p class="field-error" role="alert">
            {switchError}
          </p>
        )}
        <nav aria-label={t.common.nav.label} class="nav">
          <ul>
            {NAV.map(([href, key]) => (
              <li key={href}>
                <Link href={`/console${href}`} aria-current={isCurrent(path, href) ? 'page' : undefined}>
                  {t.common.nav[key]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" class="main">
        {children}
      </main>
    </>
  );
}

import { useT } from '../i18n.ts';
import type { SessionState } from '../session.ts';
import { LanguageSwitch } from '../ui/layout.tsx';
import { Notice, Page } from '../ui/index.ts';

/** The page of a visitor without a session: how to get a sign-in link, and why the last one did not work. */
export default function SignIn({ state }: { state: SessionState }) {
  const t = useT();
  const reason = state.kind === 'signed-out' ? state.reason : null;
  return (
    <main id="main" class="main narrow">
      <div class="row end">
        <LanguageSwitch />
      </div>
      <Page title={t.common.signIn.title}>
        {state.kind === 'starting' && <p role="status">{t.common.signIn.starting}</p>}
        {reason === 'link-invalid' && <Notice kind="error">{t.common.signIn.linkInvalid}</Notice>}
        {reason === 'revoked' && <Notice kind="error">{t.common.signIn.revoked}</Notice>}
        {reason === 'signed-out' && <Notice kind="ok">{t.common.signIn.signedOut}</Notice>}
        {state.kind === 'signed-out' && (
          <>
            <p>{t.common.signIn.noSession}</p>
            <pre class="mono">
              <code>{t.common.signIn.command}</code>
            </pre>
            {reason === 'no-session' && <p class="muted">{t.common.signIn.afterSignIn}</p>}
          </>
        )}
      </Page>
    </main>
  );
}

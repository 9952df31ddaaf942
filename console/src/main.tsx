import { render, type ComponentType } from 'preact';
import { useEffect } from 'preact/hooks';
import './styles.css';
import { useT } from './i18n.ts';
import { appPath, match, navigate, useLocation, type PageProps } from './router.ts';
import { startSession, useSession } from './session.ts';
import { Layout, LanguageSwitch } from './ui/layout.tsx';
import { Link, Loading, Notice, Page } from './ui/index.ts';
import SignIn from './pages/sign-in.tsx';
import Attention from './pages/attention.tsx';
import Jobs from './pages/jobs.tsx';
import Job from './pages/job.tsx';
import Book from './pages/book.tsx';
import Statement from './pages/statement.tsx';
import Remittances from './pages/remittances.tsx';
import Remittance from './pages/remittance.tsx';
import Webhooks from './pages/webhooks.tsx';
import Webhook from './pages/webhook.tsx';
import Events from './pages/events.tsx';
import ApiKeys from './pages/api-keys.tsx';

/** The app's pages by path under /console (CONTRACT: the paths are the URLs people share). */
const PAGES: Array<[string, ComponentType<PageProps>]> = [
  // Signed in from a link: the app moves on to the page asked for (startSession) at once.
  ['/login', Loading],
  ['/', Attention],
  ['/attention', Attention],
  ['/jobs', Jobs],
  ['/jobs/:id', Job],
  ['/book', Book],
  ['/statement', Statement],
  ['/remittances', Remittances],
  ['/remittances/:id', Remittance],
  ['/webhooks', Webhooks],
  ['/webhooks/:id', Webhook],
  ['/events', Events],
  ['/api-keys', ApiKeys],
];

function NotFound() {
  const t = useT();
  return (
    <Page title={t.common.notFound.title}>
      <p>{t.common.notFound.body}</p>
      <Link href="/console/attention">{t.common.notFound.home}</Link>
    </Page>
  );
}

/** The one full-page notice of a store whose API access is off: no page could work. */
function ApiOff() {
  const t = useT();
  return (
    <main id="main" class="main narrow">
      <div class="row end">
        <LanguageSwitch />
      </div>
      <Page title={t.common.apiOff.title}>
        <Notice kind="error">{t.common.apiOff.body}</Notice>
      </Page>
    </main>
  );
}

function App() {
  const state = useSession();
  const location = useLocation();
  useEffect(() => {
    void startSession(appPath()).then((next) => {
      if (next) navigate(`/console${next}`, { replace: true });
    });
  }, []);
  if (state.kind === 'api-off') return <ApiOff />;
  if (state.kind !== 'signed-in') return <SignIn state={state} />;
  let page = null;
  for (const [pattern, Component] of PAGES) {
    const params = match(pattern, location.path);
    if (params) {
      // Keyed by the session's epoch: a switch between live and test data remounts the page, so nothing of the other mode stays on screen.
      page = <Component key={`${state.epoch}:${location.path}`} params={params} query={location.query} />;
      break;
    }
  }
  return <Layout session={state.session}>{page ?? <NotFound />}</Layout>;
}

// index.html's boot line is for the moment before this script runs: Preact renders beside what it did not make, so it goes first.
render(<App />, Object.assign(document.getElementById('app')!, { textContent: '' }));

import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useT } from '../i18n.ts';
import type { PageProps } from '../router.ts';
import { ErrorNotice, Field, Form, Link, Loading, Notice, Page, StatusBadge, Table, Time, useLoad } from '../ui/index.ts';
import { EVENT_TYPES, type EventType } from './events.tsx';
import { ShownOnce } from './shown-once.tsx';
import './settings.css';

// What the endpoint page deleted, told once by the list it returns to (kept out of the URL, which a reload would repeat).
let deletedUrl: string | null = null;

/** Tells the list, once, that an endpoint was deleted. */
export function announceDeleted(url: string): void {
  deletedUrl = url;
}

/** Webhooks: the store's endpoints, and a form to add one (its signing secret shown once). */
export default function Webhooks(_props: PageProps) {
  const t = useT();
  const [deleted] = useState(() => {
    const url = deletedUrl;
    deletedUrl = null;
    return url;
  });
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const endpoints = useLoad(() => api.get('/v1/webhook-endpoints').then((result) => result.data.data), []);

  return (
    <Page title={t.webhooks.title}>
      <p>{t.webhooks.intro}</p>
      {deleted && <Notice kind="ok">{t.webhooks.deleted(deleted)}</Notice>}
      <section class="stack" aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading">{t.webhooks.endpoints}</h2>
        {endpoints.error !== null && <ErrorNotice error={endpoints.error} retry={endpoints.reload} />}
        {endpoints.loading && !endpoints.data && <Loading />}
        {endpoints.data?.length === 0 && <p class="muted">{t.webhooks.empty}</p>}
        {endpoints.data && endpoints.data.length > 0 && (
          <div class="wide">
            <Table
              caption={t.webhooks.endpoints}
              head={[t.webhooks.columns.url, t.webhooks.columns.description, t.webhooks.columns.types, t.webhooks.columns.status, t.webhooks.columns.created]}
            >
              {endpoints.data.map((endpoint) => (
                <tr key={endpoint.id} data-endpoint={endpoint.id}>
                  <td>
                    <Link href={`/console/webhooks/${encodeURIComponent(endpoint.id)}`} class="mono">
                      {endpoint.url}
                    </Link>
                  </td>
                  <td>{endpoint.description ?? t.common.none}</td>
                  <td>{endpoint.eventTypes ? endpoint.eventTypes.join(', ') : t.webhooks.everyType}</td>
                  <td>
                    <StatusBadge value={endpoint.status} label={t.webhooks.status[endpoint.status]} />
                  </td>
                  <td>
                    <Time iso={endpoint.createdAt} />
                  </td>
                </tr>
              ))}
            </Table>
          </div>
        )}
      </section>

      {created && <ShownOnce title={t.webhooks.secretTitle} note={t.webhooks.secretOnce} secret={created.secret} />}

      <CreateEndpoint
        onCreated={(endpoint) => {
          setCreated(endpoint);
          endpoints.reload();
        }}
      />
    </Page>
  );
}

/** The form that registers an endpoint: its URL, a description, and the types it takes (none ticked: every type). */
function CreateEndpoint({ onCreated }: { onCreated: (endpoint: { url: string; secret: string }) => void }) {
  const t = useT();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<EventType[]>([]);
  const toggle = (type: EventType, on: boolean) => setTypes((current) => (on ? [...current, type] : current.filter((each) => each !== type)));

  const submit = async () => {
    const { data } = await api.post('/v1/webhook-endpoints', {
      body: {
        url: url.trim(),
        ...(description.trim() && { description: description.trim() }),
        ...(types.length > 0 && { eventTypes: EVENT_TYPES.filter((type) => types.includes(type)) }),
      },
    });
    onCreated({ url: data.data.url, secret: data.data.secret });
    setUrl('');
    setDescription('');
    setTypes([]);
    return t.webhooks.created(data.data.url);
  };

  return (
    <section class="card" aria-labelledby="create-heading">
      <h2 id="create-heading">{t.webhooks.create}</h2>
      <Form onSubmit={submit} submitLabel={t.webhooks.add}>
        <Field label={t.webhooks.url} name="url" type="url" hint={t.webhooks.urlHint} value={url} onValue={setUrl} required autoComplete="off" />
        <Field label={t.webhooks.description} name="description" value={description} onValue={setDescription} autoComplete="off" />
        <fieldset class="checks stack-tight" aria-describedby="event-types-hint">
          <legend>{t.webhooks.eventTypes}</legend>
          <p id="event-types-hint" class="hint">
            {t.webhooks.eventTypesHint}
          </p>
          <div class="check-grid">
            {EVENT_TYPES.map((type) => (
              <label key={type} class="check">
                <input
                  type="checkbox"
                  name="eventTypes"
                  value={type}
                  checked={types.includes(type)}
                  onChange={(event) => toggle(type, (event.currentTarget as HTMLInputElement).checked)}
                />{' '}
                <span class="mono">{type}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </Form>
    </section>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import type { components } from '../../../examples/api.d.ts';
import { api } from '../api.ts';
import { useT } from '../i18n.ts';
import type { PageProps } from '../router.ts';
import { Button, ErrorNotice, Field, Form, Loading, Notice, Page, StatusBadge, Table, Time, useLoad } from '../ui/index.ts';
import { ShownOnce } from './shown-once.tsx';
import './settings.css';

type ApiKey = components['schemas']['ApiKeyListResponse']['data'][number];

const DAY_SECONDS = 86_400;
/** How long a rolled key may keep working: at once, or 1 to 7 days (the API's 0..604800 s). */
const ROLL_DAYS = [0, 1, 2, 3, 4, 5, 6, 7];

/** What a person types to revoke a key: its first characters, or its id for a key made before those were kept. */
const revokeToken = (key: ApiKey) => key.prefix ?? key.id;

/** API keys: the store's keys; make one (shown once), roll one with a chosen overlap, revoke one by typing its beginning. */
export default function ApiKeys(_props: PageProps) {
  const t = useT();
  const keys = useLoad(() => api.get('/v1/api-keys').then((result) => result.data.data), []);
  const [panel, setPanel] = useState<{ kind: 'roll' | 'revoke'; key: ApiKey } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const nameOf = (key: { name: string | null }) => key.name ?? t.apiKeys.unnamed;
  // Each row's buttons say which key they act on (keys share a name once rolled: the prefix tells them apart).
  const labelOf = (key: ApiKey) => `${nameOf(key)} (${revokeToken(key)})`;
  const finished = (message: string, newSecret: string | null) => {
    setPanel(null);
    setDone(message);
    setSecret(newSecret);
    keys.reload();
  };
  const open = (kind: 'roll' | 'revoke', key: ApiKey) => {
    setDone(null);
    setSecret(null);
    setPanel({ kind, key });
  };

  return (
    <Page title={t.apiKeys.title}>
      <p>{t.apiKeys.intro}</p>

      <section class="stack" aria-labelledby="keys-heading">
        <h2 id="keys-heading">{t.apiKeys.keys}</h2>
        {keys.error !== null && <ErrorNotice error={keys.error} retry={keys.reload} />}
        {keys.loading && !keys.data && <Loading />}
        {keys.data?.length === 0 && <p class="muted">{t.apiKeys.empty}</p>}
        {keys.data && keys.data.length > 0 && (
          <div class="wide">
            <Table
              caption={t.apiKeys.keys}
              head={[
                t.apiKeys.columns.name,
                t.apiKeys.columns.prefix,
                t.apiKeys.columns.status,
                t.apiKeys.columns.created,
                t.apiKeys.columns.expires,
                t.apiKeys.columns.revoked,
                t.apiKeys.columns.lastUsed,
                t.apiKeys.columns.actions,
              ]}
            >
              {keys.data.map((key) => (
                <tr key={key.id} data-key={key.id}>
                  <td>{nameOf(key)}</td>
                  <td class="mono">{key.prefix ? `${key.prefix}…` : t.apiKeys.none}</td>
                  <td>
                    <StatusBadge value={key.status} label={t.apiKeys.status[key.status]} />
                  </td>
                  <td>
                    <Time iso={key.createdAt} />
                  </td>
                  <td>
                    <Time iso={key.expiresAt} />
                  </td>
                  <td>
                    <Time iso={key.revokedAt} />
                  </td>
                  <td>{key.lastUsedOn ?? t.apiKeys.never}</td>
                  <td>
                    <div class="row">
                      {key.status === 'active' && (
                        <Button
                          onClick={() => open('roll', key)}
                          aria-expanded={panel?.kind === 'roll' && panel.key.id === key.id}
                          aria-label={`${t.apiKeys.roll} ${labelOf(key)}`}
                        >
                          {t.apiKeys.roll}
                        </Button>
                      )}
                      {key.status !== 'revoked' && (
                        <Button
                          variant="danger"
                          onClick={() => open('revoke', key)}
                          aria-expanded={panel?.kind === 'revoke' && panel.key.id === key.id}
                          aria-label={`${t.apiKeys.revoke} ${labelOf(key)}`}
                        >
                          {t.apiKeys.revoke}
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </Table>
          </div>
        )}
      </section>

      {/* Under the list, where the roll and revoke panels open and just above the form that makes keys: the result shows where the person acted. */}
      {done && <Notice kind="ok">{done}</Notice>}
      {secret && <ShownOnce title={t.apiKeys.secretTitle} note={t.apiKeys.secretOnce} secret={secret} />}
      {panel?.kind === 'roll' && (
        <RollKey key={`roll-${panel.key.id}`} apiKey={panel.key} name={nameOf(panel.key)} onCancel={() => setPanel(null)} onRolled={finished} />
      )}
      {panel?.kind === 'revoke' && (
        <RevokeKey key={`revoke-${panel.key.id}`} apiKey={panel.key} name={nameOf(panel.key)} onCancel={() => setPanel(null)} onRevoked={finished} />
      )}

      <CreateKey
        onCreated={(name, newSecret) => {
          setPanel(null);
          setDone(null);
          setSecret(newSecret);
          keys.reload();
          return t.apiKeys.made(name);
        }}
      />
    </Page>
  );
}

/** The heading of a panel that opens under the list: it takes the focus, so keyboard and screen-reader users land where the panel is. */
function usePanelFocus() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

/** Makes a key with a name; the key itself is shown once, above the list. */
function CreateKey({ onCreated }: { onCreated: (name: string, secret: string) => string }) {
  const t = useT();
  const [name, setName] = useState('');
  const submit = async () => {
    const { data } = await api.post('/v1/api-keys', { body: { name: name.trim() } });
    setName('');
    return onCreated(data.data.name ?? t.apiKeys.unnamed, data.data.secret);
  };
  return (
    <section class="card" aria-labelledby="create-heading">
      <h2 id="create-heading">{t.apiKeys.create}</h2>
      <Form onSubmit={submit} submitLabel={t.apiKeys.make}>
        <Field label={t.apiKeys.name} name="name" hint={t.apiKeys.nameHint} value={name} onValue={setName} required autoComplete="off" />
      </Form>
    </section>
  );
}

/** Rolls a key: a new one with the same name, the old one working for the chosen days (0: revoked at once). */
function RollKey({
  apiKey,
  name,
  onCancel,
  onRolled,
}: {
  apiKey: ApiKey;
  name: string;
  onCancel: () => void;
  onRolled: (message: string, secret: string) => void;
}) {
  const t = useT();
  const [days, setDays] = useState('1');
  const submit = async () => {
    const { data } = await api.post('/v1/api-keys/{id}/roll', { params: { id: apiKey.id }, body: { expiresInSeconds: Number(days) * DAY_SECONDS } });
    onRolled(t.apiKeys.rolled(name), data.data.secret);
  };
  return (
    <section class="card stack" aria-labelledby="roll-heading">
      <h2 id="roll-heading" tabIndex={-1} ref={usePanelFocus()}>
        {t.apiKeys.rollTitle(`${name} (${revokeToken(apiKey)})`)}
      </h2>
      <p>{t.apiKeys.rollIntro}</p>
      <Form onSubmit={submit} submitLabel={t.apiKeys.rollSubmit} secondary={<Button onClick={onCancel}>{t.apiKeys.cancel}</Button>}>
        <Field
          as="select"
          label={t.apiKeys.rollExpiry}
          name="expiresInSeconds"
          value={days}
          onValue={setDays}
          options={ROLL_DAYS.map((n) => ({ value: String(n), label: n === 0 ? t.apiKeys.rollNow : t.apiKeys.rollDays(n) }))}
        />
      </Form>
    </section>
  );
}

/** Revokes a key once its beginning is typed back: a second look at which key goes, since it cannot be undone. */
function RevokeKey({
  apiKey,
  name,
  onCancel,
  onRevoked,
}: {
  apiKey: ApiKey;
  name: string;
  onCancel: () => void;
  onRevoked: (message: string, secret: null) => void;
}) {
  const t = useT();
  const token = revokeToken(apiKey);
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const submit = async () => {
    if (typed.trim() !== token) {
      setMismatch(true);
      return;
    }
    await api.post('/v1/api-keys/{id}/revoke', { params: { id: apiKey.id } });
    onRevoked(t.apiKeys.revoked(name), null);
  };
  return (
    <section class="card stack" aria-labelledby="revoke-heading">
      <h2 id="revoke-heading" tabIndex={-1} ref={usePanelFocus()}>
        {t.apiKeys.revokeTitle(`${name} (${token})`)}
      </h2>
      <p>{t.apiKeys.revokeIntro}</p>
      <Form onSubmit={submit} submitLabel={t.apiKeys.revokeSubmit} secondary={<Button onClick={onCancel}>{t.apiKeys.cancel}</Button>}>
        <Field
          label={t.apiKeys.revokeType(token)}
          name="confirmPrefix"
          value={typed}
          onValue={(value) => {
            setTyped(value);
            setMismatch(false);
          }}
          error={mismatch ? t.apiKeys.revokeMismatch : undefined}
          required
          autoComplete="off"
        />
      </Form>
    </section>
  );
}

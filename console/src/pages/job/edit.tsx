import { useEffect, useState } from 'preact/hooks';
import type { components } from '../../../../examples/api.d.ts';
import { api, ApiError } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { Field, Form } from '../../ui/index.ts';
import type { JobDetail, Reload } from './types.ts';

type Edit = components['schemas']['JobEditRequest'];
const PICKUP = ['pickupName', 'pickupPhone', 'pickupInstructions'] as const;
const DROP = ['dropName', 'dropPhone', 'dropInstructions'] as const;
type Name = (typeof PICKUP)[number] | (typeof DROP)[number];

// The API's rule: the pickup's details change until the parcel is picked up, the drop's until the job ends.
const PICKUP_EDITABLE = new Set(['created', 'queued', 'picked_by_agent', 'booking_in_progress', 'booked']);
const DROP_EDITABLE = new Set([...PICKUP_EDITABLE, 'pickup_completed']);

const valuesOf = (job: JobDetail) => Object.fromEntries([...PICKUP, ...DROP].map((name) => [name, job[name] ?? ''])) as Record<Name, string>;

/** Only what changed is sent; an emptied instruction is cleared (null), the one field the API lets be cleared. */
export function changesOf(job: JobDetail, values: Record<Name, string>, names: readonly Name[]): Edit {
  const edit: Record<string, string | null> = {};
  for (const name of names) {
    const before = job[name] ?? '';
    if (values[name] === before) continue;
    edit[name] = name.endsWith('Instructions') && values[name].trim() === '' ? null : values[name];
  }
  return edit as Edit;
}

/**
 * Edits contacts and instructions with If-Match: the ETag the page loaded the job with, so an edit made
 * on a job that moved since (a rider's step, another person's edit) is refused (412) rather than written
 * over what the person did not see; the page then loads the job again and says so.
 */
export function EditJob({ job, etag, reload }: { job: JobDetail; etag: string | null; reload: Reload }) {
  const t = useT();
  const [values, setValues] = useState(() => valuesOf(job));
  // The version the person's edits are made over: when the job is read again (a 412, the page's refresh),
  // the fields they left alone take the new values and only the ones they changed stay theirs, so a save
  // never writes back an old value over someone else's change.
  const [base, setBase] = useState(() => valuesOf(job));
  useEffect(() => {
    const fresh = valuesOf(job);
    setValues(
      (current) =>
        Object.fromEntries(
          Object.entries(fresh).map(([name, value]) => [name, current[name as Name] === base[name as Name] ? value : current[name as Name]]),
        ) as Record<Name, string>,
    );
    setBase(fresh);
  }, [etag]);
  const [stale, setStale] = useState(false);
  const names: Name[] = [...(PICKUP_EDITABLE.has(job.status) ? PICKUP : []), ...(DROP_EDITABLE.has(job.status) ? DROP : [])];
  if (names.length === 0) return null;
  const save = async () => {
    const edit = changesOf(job, values, names);
    if (Object.keys(edit).length === 0) return t.job.nothingChanged;
    setStale(false);
    try {
      await api.patch('/v1/jobs/{id}', { params: { id: job.id }, body: edit, ...(etag && { ifMatch: etag }) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        setStale(true);
        reload();
      }
      throw error;
    }
    reload();
    return t.job.saved;
  };
  const field = (name: Name) => (
    <Field
      key={name}
      label={t.job[name]}
      name={name}
      value={values[name]}
      onValue={(value) => setValues((current) => ({ ...current, [name]: value }))}
      {...(name.endsWith('Instructions') ? { as: 'textarea' as const } : name.endsWith('Phone') ? { type: 'tel', inputMode: 'tel' as const } : {})}
    />
  );
  return (
    <details class="card">
      <summary>{t.job.edit}</summary>
      {stale && <p class="warn">{t.job.changedSince}</p>}
      <Form onSubmit={save} submitLabel={t.job.save}>
        <div class="grid-2">
          <div class="stack">{names.filter((name) => name.startsWith('pickup')).map(field)}</div>
          <div class="stack">{names.filter((name) => name.startsWith('drop')).map(field)}</div>
        </div>
      </Form>
    </details>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { hrefWith, navigate } from '../router.ts';
import { Field, Form } from './form.tsx';
import { Link } from './page.tsx';

/** What a type-and-job filter form says (each page's catalogue has these words). */
export interface FilterWords {
  filters: string;
  type: string;
  anyType: string;
  jobId: string;
  jobIdHint: string;
  apply: string;
  clear: string;
}

/**
 * The type and job filters of a list read by cursor (the statement, the events): applying them opens the
 * list's first page with them in the URL, which is their state; back and forward change the URL under the
 * form, and it follows.
 */
export function TypeAndJobFilters({
  path,
  filters,
  types,
  words,
}: {
  path: string;
  filters: { type: string; jobId: string };
  types: Array<{ value: string; label: string }>;
  words: FilterWords;
}) {
  const [type, setType] = useState(filters.type);
  const [jobId, setJobId] = useState(filters.jobId);
  useEffect(() => {
    setType(filters.type);
    setJobId(filters.jobId);
  }, [filters.type, filters.jobId]);
  return (
    <section class="card" aria-labelledby="filters-heading">
      <h2 id="filters-heading">{words.filters}</h2>
      <Form
        class="filters"
        submitLabel={words.apply}
        onSubmit={async () => navigate(hrefWith(path, { type, jobId: jobId.trim() }))}
        secondary={(filters.type || filters.jobId) && <Link href={path}>{words.clear}</Link>}
      >
        <div class="grid-2">
          <Field as="select" label={words.type} name="type" value={type} onValue={setType} options={[{ value: '', label: words.anyType }, ...types]} />
          <Field label={words.jobId} name="jobId" hint={words.jobIdHint} value={jobId} onValue={setJobId} autoComplete="off" />
        </div>
      </Form>
    </section>
  );
}

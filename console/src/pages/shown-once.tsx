import { CopyButton, Notice } from '../ui/index.ts';

/** A secret the API shows only in this answer (a signing secret, a new API key): in page state only, so a reload forgets it. */
export function ShownOnce({ title, note, secret }: { title: string; note: string; secret: string }) {
  return (
    <Notice kind="warn" title={title}>
      <p>{note}</p>
      <p class="row">
        <code class="mono secret" data-secret>
          {secret}
        </code>
        <CopyButton value={secret} />
      </p>
    </Notice>
  );
}

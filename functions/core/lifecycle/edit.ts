import { JobNotEditableError } from '../errors.ts';
import { changedFields, isEditable, type EditableField } from '../job.ts';
import type { MoveDefinition } from './move.ts';

/** edit (the merchant): contacts and instructions; the pickup's until pickup, the drop's until the job ends. The status stays. */
export const edit: MoveDefinition<'edit'> = {
  apply: (m) => {
    const { job, event } = m;
    const refused = (Object.keys(event.changes) as EditableField[]).filter((field) => !isEditable(field, job.status));
    if (refused.length > 0) throw new JobNotEditableError(refused, job.status);
    // An edit that changes nothing is no change: nothing is written, the version (and ETag) stays.
    if (changedFields(job, { ...job, ...event.changes }).length === 0) return m.unchanged();
    return m.done(m.next(event.changes));
  },
  mayStartReturn: false,
  isRetry: false, // the merchant's move
};

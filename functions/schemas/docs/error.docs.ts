import { describe } from './describe.ts';
import { ConflictingJobId, ErrorDetails, FieldErrors, FormErrors } from '../views/error.view.ts';

// The error body's words: read by scripts/openapi-document.ts only, never by a Lambda handler.

describe(ConflictingJobId, { description: 'idempotency_conflict: the job the Idempotency-Key already booked.' });
describe(FormErrors, { description: 'Problems with the request as a whole (empty when none).' });
describe(FieldErrors, { description: 'Problems by field: each field sent wrong, with what is wrong with it (empty when none).' });
describe(ErrorDetails, {
  description:
    'What the error names beyond its message. Always carries formErrors and fieldErrors (empty when unused), so a client typed from them never crashes; a refusal’s own keys (the job’s status, the call to make instead, an amount) sit beside them, and new refusals may add keys.',
});

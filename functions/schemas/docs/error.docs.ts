import { describe } from './describe.ts';
import { ConflictingJobId } from '../views/error.view.ts';

// The error body's words: read by scripts/openapi-document.ts only, never by a Lambda handler.

describe(ConflictingJobId, { description: 'idempotency_conflict: the job the Idempotency-Key already booked.' });

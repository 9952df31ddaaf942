import type { OperationDocs } from './operation.ts';
import { BalanceResponse } from '../balance.schema.ts';

// The API description of balance.schema.ts's routes: read by scripts/openapi-document.ts only, never by a Lambda handler.

export const balanceOperations = {
  'GET /v1/balance': {
    operationId: 'getBalance',
    summary: 'Check credit',
    description:
      'The store’s prepaid credit in paise: balance, the part reserved for open jobs, and what is available for new bookings. Counts against the read limit.',
    tag: 'Credit',
    success: [
      {
        status: 200,
        description: 'The store’s credit',
        name: 'BalanceResponse',
        schema: BalanceResponse,
        envelope: true,
        example: { data: { apiEnabled: true, balanceMinor: 500000, reservedMinor: 6900, availableMinor: 493100, currency: 'INR' } },
      },
    ],
    errors: [400, 401, 403, 429, 500, 503],
  },
} satisfies OperationDocs;

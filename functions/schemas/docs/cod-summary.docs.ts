import type { OperationDocs } from './operation.ts';
import { CodSummaryResponse } from '../views/cod-summary.view.ts';

// The API description of cod-summary.schema.ts's route: read by scripts/openapi-document.ts only, never by a Lambda handler.

export const codSummaryOperations = {
  'GET /v1/cod-summary': {
    operationId: 'getCodSummary',
    summary: 'Cash-on-delivery totals',
    description:
      'The cash-on-delivery payments riders collected for the store, in paise: `collectedMinor` = `awaitingRemittanceMinor` (collected, not yet credited) + `remittedMinor` (credited to the prepaid credit by remittances, GET /v1/remittances). `awaitingVerificationMinor` is the part of `awaitingRemittanceMinor` paid by UPI that the platform’s receiving account has not confirmed yet: it is remitted only once confirmed (`collection.verifiedAt` on the job). `nextRemittanceAt` is when the payments awaiting remittance and verified are next credited (a live store’s next daily cut-off, 18:00 IST by default; a sandbox store’s within seconds), null when none await. Counts against the read limit.',
    tag: 'Credit',
    success: [
      {
        status: 200,
        description: 'The store’s cash-on-delivery totals',
        name: 'CodSummaryResponse',
        schema: CodSummaryResponse,
        envelope: true,
        example: {
          data: {
            collectedMinor: 310_000,
            awaitingRemittanceMinor: 125_000,
            awaitingVerificationMinor: 40_000,
            remittedMinor: 185_000,
            nextRemittanceAt: '2026-11-23T12:30:00.000Z',
          },
        },
      },
    ],
    errors: [400, 401, 403, 429, 500, 503],
  },
} satisfies OperationDocs;

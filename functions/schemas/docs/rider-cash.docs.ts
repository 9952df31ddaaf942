import { EXAMPLE_JOB_ID } from './examples.ts';
import type { OperationDocs } from './operation.ts';
import { DepositHeaders, DepositRequest, DepositResult, RiderCash, RiderPath } from '../rider-cash.schema.ts';

// The API description of rider-cash.schema.ts's routes: read by scripts/openapi-document.ts only, never by a Lambda handler.

const EXAMPLE_AGENT_ID = 'rider_7Qm2Xc9LpB4tR1vN8sKd';
const cashFiguresExample = {
  agentId: EXAMPLE_AGENT_ID,
  inHandMinor: 85000,
  collectedCashMinor: 385000,
  depositedMinor: 300000,
  dueMinor: 42000,
  limitMinor: 2000000,
};
// A deposit as both of its answers show it: recorded now (201) and the same one again (200).
const depositExample = {
  deposit: {
    id: '7d3c1b2a-9e8f-4a6b-8c5d-1e2f3a4b5c6d',
    agentId: EXAMPLE_AGENT_ID,
    amountMinor: 300000,
    reference: 'CASH-BLR-0042',
    createdAt: '2026-11-22T09:00:00.000Z',
  },
  account: cashFiguresExample,
};

export const riderCashOperations = {
  'GET /fleet/v1/riders/{agentId}/cash': {
    operationId: 'getRiderCash',
    summary: 'A rider’s cash (operations)',
    description:
      'Who holds the cash: the rider’s cash in hand (taken at doors, not yet deposited), all cash collected and deposited (collected = deposited + in hand), the cash due on the cash-on-delivery jobs they hold, the cash limit (`limitMinor`: in hand + due may not pass it; offers leave out jobs that would, and accepting one is 409 `cash_limit_exceeded`), and the latest 50 movements of their cash, newest first (a `collection` names its job and store, a `deposit` its id and reference; `hasMoreEntries` says older ones exist). UPI payments never reach the rider’s hands and are not listed. A rider who never held cash gets zeros. An agent id that never had a fleet key is 404 `rider_not_found` (agent ids are case-sensitive: `AGENT-1` is not `agent-1`). A UPI payment never confirmed by the platform’s account within UPI_VERIFY_HOURS is charged to the rider who recorded it: cash in hand, an `upi_unverified` movement.',
    tag: 'Operations',
    path: RiderPath,
    success: [
      {
        status: 200,
        description: 'The rider’s cash account',
        name: 'RiderCashResponse',
        schema: RiderCash,
        envelope: true,
        example: {
          data: {
            agentId: EXAMPLE_AGENT_ID,
            inHandMinor: 85000,
            collectedCashMinor: 385000,
            depositedMinor: 300000,
            dueMinor: 42000,
            limitMinor: 2000000,
            entries: [
              {
                kind: 'collection',
                amountMinor: 85000,
                createdAt: '2026-11-22T10:31:00.000Z',
                storeId: '3f1e2d4c-5b6a-4789-8abc-def012345678',
                jobId: EXAMPLE_JOB_ID,
                depositId: null,
                reference: null,
              },
              {
                kind: 'deposit',
                amountMinor: 300000,
                createdAt: '2026-11-22T09:00:00.000Z',
                storeId: null,
                jobId: null,
                depositId: '7d3c1b2a-9e8f-4a6b-8c5d-1e2f3a4b5c6d',
                reference: 'CASH-BLR-0042',
              },
            ],
            hasMoreEntries: false,
          },
        },
      },
    ],
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  'POST /fleet/v1/riders/{agentId}/deposits': {
    operationId: 'recordDeposit',
    summary: 'Record a rider’s cash deposit (operations)',
    description:
      'The rider handed cash to operations: it leaves their hands (`inHandMinor` −, `depositedMinor` +) with a `deposit` entry in their cash log, in one write. At most the cash in hand (else 409 `deposit_exceeds_cash_in_hand` with `details.inHandMinor`, nothing recorded). Send a unique `Idempotency-Key` (required): the same key with the same amount and reference returns the deposit it recorded with 200 (the account as it now is), never depositing twice, however late the retry; the same key with another amount or reference is 409 `idempotency_conflict` (`details.depositId`). A receipt number (`reference`, any case) is recorded for one deposit only, whichever rider: used again it is 409 `deposit_receipt_used` (`details.depositId`, the deposit that has it), nothing recorded. Bank payouts to stores are not part of this API.',
    tag: 'Operations',
    path: RiderPath,
    headers: DepositHeaders,
    requestBody: { name: 'DepositRequest', schema: DepositRequest, example: { amountMinor: 300000, reference: 'CASH-BLR-0042' } },
    success: [
      {
        status: 201,
        description: 'The deposit was recorded',
        name: 'DepositResponse',
        schema: DepositResult,
        envelope: true,
        example: { data: depositExample },
      },
      {
        status: 200,
        description: 'The same deposit came again with the same Idempotency-Key: the deposit it recorded, and the account as it now is',
        name: 'DepositResponse',
        schema: DepositResult,
        envelope: true,
        example: { data: depositExample },
      },
    ],
    errors: [400, 401, 403, 409, 429, 500, 503],
  },
} satisfies OperationDocs;

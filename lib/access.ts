/**
 * What each function may do to the table: exactly the DynamoDB actions its handler performs, and no
 * more, keyed by the function's stable name (a route's `name`). A test checks that every deployed
 * function has an entry and that each role's policy is this set.
 *
 * Every route takes a token from a rate-limit bucket (an UpdateItem: the store's on merchant routes,
 * the fleet key's on fleet routes). Functions whose only update is that one get UpdateItem limited to
 * the bucket's own attributes, so no UpdateItem of theirs can change a store, a quote or a job (those
 * with PutItem can still write whole items: the quote, the job of a fleet move). Only booking,
 * cancel, the scheduled workers, fleet-submit-code and fleet-fail-job may update any item.
 */
export interface TableAccess {
  /** Actions on the table itself, other than UpdateItem. */
  table: string[];
  /** Actions on GSI1 (the jobs-by-status index). */
  index?: string[];
  /** UpdateItem on any item, only on rate-limit bucket attributes, or not at all. */
  updates: 'any' | 'rate-limit-bucket' | 'none';
}

export const ACCESS_BY_NAME: Record<string, TableAccess> = {
  'get-balance': { table: ['dynamodb:GetItem'], updates: 'rate-limit-bucket' },
  'get-job': { table: ['dynamodb:GetItem'], updates: 'rate-limit-bucket' },
  'list-jobs': { table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'], index: ['dynamodb:Query'], updates: 'rate-limit-bucket' },
  // Reads the zones (Query) and puts the quote in a transaction guarded by key and store checks.
  'create-quote': { table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem'], updates: 'rate-limit-bucket' },
  // The booking transaction (store, quote, job, ledger, marker) and powertools' idempotency record,
  // which it puts, updates, and deletes when the booking fails.
  'create-booking': { table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'], updates: 'any' },
  // The job, the store's totals and a ledger entry in one transaction; its offer or assignment item ends with it.
  'cancel-job': { table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'], updates: 'any' },
  // The scheduled workers: read their worklists and the listed jobs (BatchGet), move jobs (job put,
  // store totals, ledger entry, offer item), advance and remove work items.
  'scheduled-workers': { table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'], updates: 'any' },
  // The fleet API. Each fleet request takes a token from its key's bucket (UpdateItem on bucket attributes).
  // Offers: the offers index (Query), then the chosen jobs.
  'fleet-list-offers': { table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'], updates: 'rate-limit-bucket' },
  'fleet-get-job': { table: ['dynamodb:GetItem'], updates: 'rate-limit-bucket' },
  // The rider's assignment items (Query), then their jobs.
  'fleet-list-assignments': { table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'], updates: 'rate-limit-bucket' },
  // Accept takes the job off the offers index and puts the rider's assignment item; decline does the reverse.
  'fleet-accept-job': { table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'], updates: 'rate-limit-bucket' },
  'fleet-decline-job': { table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'], updates: 'rate-limit-bucket' },
  // Moves that neither move money nor change who holds the job: the job put in a transaction with the fleet key's check.
  ...Object.fromEntries(
    ['fleet-start-confirmation', 'fleet-confirm-job', 'fleet-report-location', 'fleet-arrive', 'fleet-reset-lock', 'fleet-reissue-code'].map((name) => [
      name,
      { table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem'], updates: 'rate-limit-bucket' } satisfies TableAccess,
    ]),
  ),
  // Moves that can move money (delivery captures, failure releases): also the store's totals, a ledger
  // entry, and the end of the rider's assignment.
  'fleet-submit-code': { table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'], updates: 'any' },
  'fleet-fail-job': { table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'], updates: 'any' },
};

/** The attributes a rate-limit bucket has (functions/data/rate-limit.repository.ts). */
export const RATE_BUCKET_ATTRIBUTES = ['PK', 'SK', 'tat', 'ttl'];

/** Finding jobs across stores: one job by its id, a store's jobs by status, those in review. */
import { RecordNotFoundError } from '../../functions/core/errors.ts';
import { JOB_STATUSES, type Job, type JobStatus } from '../../functions/core/job.ts';
import { reviewOf } from '../../functions/core/review.ts';
import { command, money, required, UsageError } from './command.ts';

const GROUP = 'Jobs';
const LIST_LIMIT_MAX = 500;

/** A job in a list, as operations read it. */
function summary(job: Job) {
  return {
    jobId: job.id,
    storeId: job.storeId,
    status: job.status,
    settlement: job.settlement,
    chargeMinor: job.chargeMinor,
    externalOrderId: job.externalOrderId,
    agentId: job.agentId,
    sandbox: job.testMode,
    review: reviewOf(job),
    createdAt: job.createdAt,
  };
}

const line = (job: Job) => {
  const review = reviewOf(job);
  return [
    job.createdAt,
    job.id,
    job.status.padEnd(19),
    `settlement ${job.settlement ?? '-'}`.padEnd(21),
    money(job.chargeMinor).padEnd(24),
    job.externalOrderId,
    review ? `in review: ${review.reason}` : '',
  ]
    .join('  ')
    .trimEnd();
};

const jobShow = command({
  name: 'job show',
  group: GROUP,
  flags: { job: { type: 'string' } },
  usage: [['job show --job ID', 'one job of any store: its state, money, rider, review, history']],
  async run(options, { rt }) {
    const jobId = required(options, 'job');
    const storeId = await rt.jobs.storeOf(jobId);
    const job = storeId && (await rt.jobs.get(storeId, jobId));
    if (!job) throw new RecordNotFoundError('job', jobId);
    const review = reviewOf(job);
    const { collection, returnTrip } = job;
    const rows: Array<[string, string]> = [
      ['id', job.id],
      ['store', `${job.storeId}${job.testMode ? ' (sandbox)' : ''}`],
      ['order', job.externalOrderId],
      ['status', job.status],
      ['settlement', `${job.settlement ?? '-'}, charge ${money(job.chargeMinor)}`],
      ['rider', job.agentId ?? '-'],
      ['pickup', `${job.pickupName}, ${job.route.pickupAddress}`],
      ['drop', `${job.dropName}, ${job.route.dropAddress}`],
      ...(collection
        ? [
            [
              'collection',
              `${collection.status} ${money(collection.amountMinor)}${collection.method ? ` by ${collection.method}` : ''}${collection.collectedBy ? ` (${collection.collectedBy})` : ''}`,
            ] as [string, string],
          ]
        : []),
      ...(returnTrip
        ? [
            ['return', `${returnTrip.status}, charge ${money(returnTrip.chargeMinor)} ${returnTrip.chargeSettlement}, since ${returnTrip.startedAt}`] as [
              string,
              string,
            ],
          ]
        : []),
      ['review', review ? `${review.reason} since ${review.since}, owes ${money(review.owesMinor)}` : '-'],
      ['created', job.createdAt],
      ['updated', `${job.updatedAt} (version ${job.version})`],
    ];
    const history = job.events.map((e) => `  ${e.createdAt}  ${e.status.padEnd(19)} ${e.actor ?? ''}${e.note ? `  ${e.note}` : ''}`);
    return { json: { job, review }, text: [...rows.map(([label, value]) => `${label.padEnd(11)} ${value}`), 'history', ...history].join('\n') };
  },
});

const jobList = command({
  name: 'job list',
  group: GROUP,
  flags: { store: { type: 'string' }, status: { type: 'string' }, review: { type: 'boolean' }, limit: { type: 'string' } },
  usage: [['job list --store ID [--status S] [--review] [--limit N]', "a store's jobs, newest first (default 50): in one status,", 'or those in review']],
  async run(options, { rt, reviews }) {
    const storeId = required(options, 'store');
    const status = options.status;
    if (status !== undefined && !(JOB_STATUSES as readonly string[]).includes(status))
      throw new UsageError(`--status must be one of ${JOB_STATUSES.join(', ')} (got "${status}")`);
    if (status !== undefined && options.review) throw new UsageError('Say --status or --review, not both');
    const limit = options.limit === undefined ? 50 : Number(options.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT_MAX)
      throw new UsageError(`--limit must be a whole number from 1 to ${LIST_LIMIT_MAX} (got "${options.limit}")`);
    const store = await rt.stores.get(storeId);
    if (!store) throw new RecordNotFoundError('store', storeId);
    let jobs: Job[];
    if (options.review) {
      const queued = (await reviews.list()).filter((item) => item.storeId === storeId).slice(0, limit);
      const byId = new Map((await rt.jobs.getMany(queued)).map((job) => [job.id, job]));
      jobs = queued.flatMap((item) => byId.get(item.jobId) ?? []);
    } else {
      const page = { limit, offset: 0 };
      jobs = status ? await rt.jobLists.listByStatus(storeId, status as JobStatus, page) : await rt.jobLists.listNewest(storeId, store.jobCount, page);
    }
    const what = options.review ? 'in review' : status ? `${status}` : '';
    return {
      json: jobs.map(summary),
      text: jobs.length === 0 ? `No ${what ? `${what} ` : ''}jobs for ${storeId}.` : jobs.map(line).join('\n'),
    };
  },
});

/** The commands that find jobs, in the order the usage lists them. */
export const JOB_FIND_COMMANDS = [jobShow, jobList];

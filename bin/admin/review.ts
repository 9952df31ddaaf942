/** Operations' review queue: every store's jobs waiting for a person, and the one-off filling of the desk's indexes after an upgrade. */
import { command, money } from './command.ts';

const GROUP = 'Review (jobs waiting for operations)';

const REASONS = {
  settlement: 'failed after pickup: capture or release its charge (settlement resolve)',
  return_charge: 'return charge not covered (settlement resolve --return)',
  return_overdue: 'parcel overdue on its way back',
  rearrival_overdue: 'rider overdue to come back for a reattempt',
} as const;

const reviewList = command({
  name: 'review list',
  group: GROUP,
  flags: {},
  usage: [['review list', "every store's jobs in review, oldest first, with what each owes"]],
  async run(_options, { reviews }) {
    const listed = await reviews.list();
    const json = listed.map(({ storeId, jobId, reason, owesMinor, since, status, testMode }) => ({
      storeId,
      jobId,
      reason,
      owesMinor,
      since,
      status,
      sandbox: testMode,
    }));
    const lines = listed.map((r) =>
      [
        r.since,
        r.jobId,
        `${r.storeId}${r.testMode ? ' (sandbox)' : ''}`.padEnd(35),
        r.reason.padEnd(17),
        `owes ${money(r.owesMinor)}`.padEnd(30),
        r.status,
      ].join('  '),
    );
    const reasons = [...new Set(listed.map((r) => r.reason))].map((reason) => `  ${reason}: ${REASONS[reason]}`);
    return {
      json,
      text:
        listed.length === 0
          ? 'No jobs in review.'
          : [`${listed.length} job${listed.length === 1 ? '' : 's'} in review, oldest first:`, ...lines, '', ...reasons].join('\n'),
    };
  },
});

const deskReindex = command({
  name: 'desk reindex',
  group: GROUP,
  flags: {},
  usage: [['desk reindex', 'once after an upgrade: list the stores, riders and jobs in', 'review made before the desk (one scan of the table)']],
  async run(_options, { desk }) {
    const counts = await desk.reindex();
    return { json: counts, text: `Listed ${counts.stores} stores, ${counts.riders} rider keys and ${counts.reviews} jobs in review.` };
  },
});

/** The review commands, in the order the usage lists them. */
export const REVIEW_COMMANDS = [reviewList, deskReindex];

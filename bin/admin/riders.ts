/** Riders as operations see them: who they are, and the cash they hold (as GET /fleet/v1/riders/{agentId}/cash, without curl). */
import { AGENT_ID_PATTERN } from '../../functions/core/fleet-access.ts';
import { command, money, UsageError } from './command.ts';

const GROUP = 'Riders';
const LOG_LINES = 20;

const riderList = command({
  name: 'rider list',
  group: GROUP,
  flags: {},
  usage: [['rider list', 'every rider who had a fleet key: cash in hand and due, jobs held']],
  async run(_options, { desk }) {
    const riders = await desk.riders();
    const lines = riders.map((r) =>
      [
        r.agentId.padEnd(24),
        `in hand ${money(r.inHandMinor)}`.padEnd(34),
        `due ${money(r.dueMinor)}`.padEnd(30),
        `holding ${r.holding}`,
        `first key ${r.firstKeyAt}`,
      ].join('  '),
    );
    return { json: riders, text: riders.length === 0 ? 'No riders (fleet-key create --role rider makes one).' : lines.join('\n') };
  },
});

const riderCash = command({
  name: 'rider cash',
  group: GROUP,
  flags: { 'agent-id': { type: 'string' }, holding: { type: 'boolean' } },
  usage: [
    ['rider cash --agent-id ID', "a rider's cash account, since when they hold it, latest moves"],
    ['rider cash --holding', 'who holds cash now, how much, since when (longest first)'],
  ],
  async run(options, { rt, desk }) {
    const agentId = options['agent-id'];
    if ((agentId === undefined) === !options.holding) throw new UsageError('Say --agent-id ID (one rider) or --holding (every rider holding cash)');
    if (agentId === undefined) {
      const holders = await desk.cashHolders();
      const lines = holders.map((h) => `${h.agentId.padEnd(24)}  ${money(h.inHandMinor).padEnd(30)}  since ${h.since ?? '-'}`);
      const total = holders.reduce((sum, h) => sum + h.inHandMinor, 0);
      return {
        json: holders,
        text:
          holders.length === 0
            ? 'No rider holds cash.'
            : [...lines, `${holders.length} rider${holders.length === 1 ? '' : 's'}, ${money(total)} in hand`].join('\n'),
      };
    }
    if (!AGENT_ID_PATTERN.test(agentId)) throw new UsageError(`--agent-id must be 3-64 letters, digits, "_" or "-" (got "${agentId}")`);
    const account = await rt.riderCash.account(agentId);
    const since = await desk.cashHeldSince(agentId, account.inHandMinor);
    const { entries, more } = await rt.riderCash.entries(agentId, LOG_LINES);
    const rows: Array<[string, string]> = [
      ['rider', agentId],
      ['in hand', `${money(account.inHandMinor)}${since ? ` since ${since}` : ''}`],
      ['due', `${money(account.dueMinor)} (cash to collect on the jobs they hold)`],
      ['collected', money(account.collectedCashMinor)],
      ['deposited', money(account.depositedMinor)],
    ];
    const log = entries.map(
      (e) =>
        `  ${e.createdAt}  ${e.kind.padEnd(10)}  ${money(e.amountMinor).padEnd(28)}  ${e.kind === 'deposit' ? `deposit ${e.depositId}${e.reference ? ` receipt ${e.reference}` : ''}` : `job ${e.jobId} of ${e.storeId}`}`,
    );
    return {
      json: { ...account, since, entries, more },
      text: [
        ...rows.map(([label, value]) => `${label.padEnd(10)} ${value}`),
        entries.length === 0 ? 'no cash moves' : 'latest moves',
        ...log,
        ...(more ? ['  …'] : []),
      ].join('\n'),
    };
  },
});

/** The rider commands, in the order the usage lists them. */
export const RIDER_COMMANDS = [riderList, riderCash];

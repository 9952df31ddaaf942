import type { Job } from '../../functions/core/job.ts';
import type { Check } from './checks.ts';
import type { LoadClient } from './http.ts';
import type { Observed } from './observed.ts';

/** What the summary says about the run besides its numbers. */
export interface RunFacts {
  date: string;
  commit: string;
  machine: string;
  seconds: number;
  setup: string[];
  notes: string[];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/** The run as markdown: setup, requests by route and status with latencies, what the actors did, the jobs at the end, the checks. */
export function summary(facts: RunFacts, client: LoadClient, observed: Observed, jobs: Job[], checks: Check[]): string {
  const lines: string[] = [];
  const total = sum([...client.counts.values()].map((byStatus) => sum(byStatus.values())));
  const serverErrors = sum([...client.counts.values()].flatMap((byStatus) => [...byStatus].filter(([status]) => status.startsWith('5')).map(([, n]) => n)));
  const failed = checks.filter((check) => check.failureCount > 0);

  lines.push(`Run on ${facts.date}, commit \`${facts.commit}\`, ${facts.machine}; ${facts.seconds} s of load.`, '');
  for (const line of facts.setup) lines.push(`- ${line}`);
  lines.push(
    '',
    `**${total} requests** (${(total / facts.seconds).toFixed(0)} a second), **${serverErrors} 5xx**, ${client.rateLimited} answered 429 as specified; ` +
      `**${checks.length - failed.length} of ${checks.length} checks passed**.`,
    ...facts.notes.flatMap((note) => ['', note]),
    '',
    'Latency is as the load client saw it (same process as the server, on the same 2 cores as DynamoDB Local).',
    '',
    '| Route | Requests | By status | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---:|---|---:|---:|---:|---:|',
  );
  for (const [route, byStatus] of [...client.counts].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...(client.latencies.get(route) ?? [])].sort((a, b) => a - b);
    const statuses = [...byStatus]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    lines.push(
      `| \`${route}\` | ${sum(byStatus.values())} | ${statuses} | ${ms(percentile(sorted, 0.5))} | ${ms(percentile(sorted, 0.95))} | ${ms(percentile(sorted, 0.99))} | ${ms(sorted.at(-1) ?? 0)} |`,
    );
  }

  lines.push('', '| What the clients did | Count |', '|---|---:|');
  for (const [outcome, count] of [...observed.tally].sort(([a], [b]) => a.localeCompare(b))) lines.push(`| ${outcome} | ${count} |`);

  // The workers' moves, read back from the jobs' histories (actor `system`).
  const workerMoves = new Map<string, number>();
  for (const event of jobs.flatMap((job) => job.events).filter((event) => event.actor === 'system')) {
    const move =
      event.status === 'queued'
        ? event.note?.startsWith('Not confirmed in time')
          ? 'unconfirmed acceptances taken back (queued again)'
          : 'jobs offered to riders (queued)'
        : `${event.status}: ${event.note ?? ''}`;
    workerMoves.set(move, (workerMoves.get(move) ?? 0) + 1);
  }
  lines.push('', '| What dispatch did (events by `system`) | Count |', '|---|---:|');
  for (const [move, count] of [...workerMoves].sort(([a], [b]) => a.localeCompare(b))) lines.push(`| ${move} | ${count} |`);

  // How long dispatch took to act: booking → first offer; first offer → failed for want of a rider.
  const delays = { offer: [] as number[], timeout: [] as number[] };
  for (const job of jobs) {
    const created = Date.parse(job.createdAt);
    const queued = job.events.find((event) => event.status === 'queued');
    const timedOut = job.events.find((event) => event.status === 'failed' && event.actor === 'system');
    if (queued) delays.offer.push(Date.parse(queued.createdAt) - created);
    if (queued && timedOut) delays.timeout.push(Date.parse(timedOut.createdAt) - Date.parse(queued.createdAt));
  }
  const seconds = (values: number[], p: number) =>
    (
      percentile(
        [...values].sort((a, b) => a - b),
        p,
      ) / 1000
    ).toFixed(1);
  lines.push('', '| Dispatch delay (s) | Jobs | p50 | p95 | max |', '|---|---:|---:|---:|---:|');
  for (const [name, values] of [
    ['booked → offered', delays.offer],
    ['offered → failed, no rider (timeout + delay)', delays.timeout],
  ] as const) {
    lines.push(`| ${name} | ${values.length} | ${seconds(values, 0.5)} | ${seconds(values, 0.95)} | ${seconds(values, 1)} |`);
  }

  const byState = new Map<string, number>();
  for (const job of jobs) byState.set(`${job.status} / ${String(job.settlement)}`, (byState.get(`${job.status} / ${String(job.settlement)}`) ?? 0) + 1);
  lines.push('', `| Jobs at the end (${jobs.length}): status / settlement | Count |`, '|---|---:|');
  for (const [state, count] of [...byState].sort(([a], [b]) => a.localeCompare(b))) lines.push(`| ${state} | ${count} |`);

  lines.push('', '| Check | Looked at | Result |', '|---|---:|---|');
  for (const check of checks) lines.push(`| ${check.name} | ${check.checked} | ${check.failureCount === 0 ? 'pass' : `**FAIL** (${check.failureCount})`} |`);
  for (const check of failed) {
    lines.push('', `**${check.name}**: ${check.failureCount} failure(s); the first:`, '');
    for (const failure of check.failures) lines.push(`- ${failure.replaceAll('\n', ' ')}`);
  }
  return lines.join('\n');
}

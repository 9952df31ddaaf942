/**
 * `npm run smoke -- --url <stage URL> --key <store key> [--fleet-key fk_…] [--receiver <https URL>]`:
 * checks a deployed stage (or `npm start`'s server) for what no local test can show: the balance, an
 * unknown key's 401, a webhook endpoint, a quote, a booking, the tracking page, the cancel giving the
 * credit back, a webhook delivered, a fleet read, and a read limit reached answering 429. It prints
 * each step and stops at the first failure; the exit code is that step's number (docs/smoke.md).
 */
import { parseArgs } from 'node:util';
import { StageApi, StepFailedError } from './smoke/http.ts';
import { readRateLimitStep } from './smoke/rate-limit.ts';
import { STEPS, type SmokeContext, type SmokeOptions, type Step } from './smoke/steps.ts';

/** The exit code of a command line the smoke test cannot run (sysexits' EX_USAGE: no step has that number). */
const USAGE_EXIT = 64;

const USAGE = `Usage: npm run smoke -- --url <stage URL> --key <store API key> [options]

  --url <URL>             the stage's ApiUrl (https://…/prod/), or http://127.0.0.1:3000 for npm start
  --key <mdk_test_…>      a sandbox store's key (a live store's key is refused at the booking)
  --fleet-key <fk_…>      a rider's or operations' fleet key: checks a fleet read (skipped without)
  --receiver <URL>        a webhook receiver answering 2xx (https on AWS): checks a delivery (skipped without)
  --skip-rate-limit       leave out the read limit's step (it spends the store's reads for up to a minute)
  --allow-live-booking    book (and cancel at once) on a live store's key
  --webhook-wait <s>      how long to wait for the webhook delivery (default 60)
  --json                  a JSON summary on standard output (the steps go to standard error)

Exit code: 0 when every step that ran passed; otherwise the failed step's number; ${USAGE_EXIT} for a wrong command line.`;

/** One step's line of the run. */
interface StepReport {
  number: number;
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  detail: string;
  ms: number;
}

class UsageError extends Error {}

function parseOptions(argv: string[]): (SmokeOptions & { json: boolean }) | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      key: { type: 'string' },
      'fleet-key': { type: 'string' },
      receiver: { type: 'string' },
      'skip-rate-limit': { type: 'boolean', default: false },
      'allow-live-booking': { type: 'boolean', default: false },
      'webhook-wait': { type: 'string', default: '60' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return 'help';
  if (!values.url || !/^https?:\/\/[^/]/.test(values.url)) throw new UsageError('--url <stage URL> is required (http:// or https://)');
  if (!values.key) throw new UsageError('--key <store API key> is required');
  const wait = Number(values['webhook-wait']);
  if (!Number.isInteger(wait) || wait < 1 || wait > 600) throw new UsageError('--webhook-wait takes whole seconds, 1 to 600');
  return {
    url: values.url,
    key: values.key,
    fleetKey: values['fleet-key'],
    receiver: values.receiver,
    skipRateLimit: values['skip-rate-limit'],
    allowLiveBooking: values['allow-live-booking'],
    webhookWaitSeconds: wait,
    json: values.json,
  };
}

/** Runs the steps in order, stopping at the first failure, then undoes what they made; returns each step's report. */
async function runSmoke(options: SmokeOptions, print: (line: string) => void): Promise<{ reports: StepReport[]; requests: number }> {
  const steps: Step[] = [...STEPS, readRateLimitStep];
  const ctx: SmokeContext = { api: new StageApi(options.url), options, cleanups: [] };
  const reports: StepReport[] = [];
  print(
    `Smoke test of ${ctx.api.base} (${steps.length} steps; the last spends this store's reads: 429 for up to a minute${options.skipRateLimit ? ', skipped' : ''})`,
  );
  try {
    for (const [index, step] of steps.entries()) {
      const started = performance.now();
      const report = { number: index + 1, name: step.name } as StepReport;
      try {
        const outcome = await step.run(ctx);
        Object.assign(report, 'skipped' in outcome ? { status: 'skipped', detail: `skipped: ${outcome.skipped}` } : { status: 'passed', detail: outcome.saw });
      } catch (error) {
        Object.assign(report, {
          status: 'failed',
          detail: error instanceof StepFailedError ? error.message : `unexpected error: ${(error as Error).stack ?? String(error)}`,
        });
      }
      report.ms = Math.round(performance.now() - started);
      reports.push(report);
      print(line(report, steps.length));
      if (report.status === 'failed') break;
    }
  } finally {
    // Whatever failed, leave no job holding credit and no endpoint behind.
    for (const cleanup of ctx.cleanups.reverse()) {
      try {
        print(`  cleanup: ${cleanup.what}: ${await cleanup.run()}`);
      } catch (error) {
        print(`  cleanup: ${cleanup.what}: FAILED (${(error as Error).message}); do it by hand`);
      }
    }
  }
  return { reports, requests: ctx.api.requests };
}

const MARKS = { passed: '✓', failed: '✗', skipped: '–' } as const;

function line(report: StepReport, of: number): string {
  const time = report.status === 'skipped' ? '' : ` (${report.ms < 1000 ? `${report.ms} ms` : `${(report.ms / 1000).toFixed(1)} s`})`;
  return `${MARKS[report.status]} ${String(report.number).padStart(2)}/${of} ${report.name.padEnd(17)} ${report.detail}${time}`;
}

async function main(): Promise<number> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return USAGE_EXIT;
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const out = options.json ? process.stderr : process.stdout;
  const { reports, requests } = await runSmoke(options, (text) => out.write(`${text}\n`));
  const failed = reports.find((r) => r.status === 'failed');
  const skipped = reports.filter((r) => r.status === 'skipped').length;
  out.write(
    failed
      ? `FAILED at step ${failed.number} (${failed.name}): ${failed.detail}\n`
      : `PASSED: ${reports.length - skipped} steps passed, ${skipped} skipped (${requests} requests)\n`,
  );
  if (options.json) {
    const summary = { url: options.url, passed: !failed, failedStep: failed ? { number: failed.number, name: failed.name } : null, requests, steps: reports };
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  }
  return failed ? failed.number : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`✗ ${(error as Error).stack ?? String(error)}`);
    process.exit(70);
  },
);

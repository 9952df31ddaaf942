/**
 * A merchant's webhook receiver: verifies each delivery with the `standardwebhooks` package and the
 * endpoint's secret, ignores repeats (deliveries are at least once: dedupe by `webhook-id`), acts on
 * every other event by its type, and keeps each job's newest copy by `sequence` (a job's events come
 * in order at their first attempt, but a retry can arrive after later events: it is still acted on,
 * it just does not replace a newer copy of the job). It prints what happened.
 *
 *   WEBHOOK_SECRET=whsec_… PORT=4000 npx node examples/webhook-receiver.ts
 *
 * Register it with POST /v1/webhook-endpoints {"url": "http://127.0.0.1:4000/hooks"} (npm start allows
 * receivers on this machine; a deployed stage sends only to https URLs on public addresses).
 */
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

interface JobCopy {
  status: string;
  settlement: string | null;
}

interface DeliveredEvent {
  id: string;
  type: string;
  jobId: string | null;
  sequence: number | null;
  data: { job?: JobCopy; endpoint?: { id: string } };
}

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error('Set WEBHOOK_SECRET to the endpoint’s secret (whsec_…), shown when you registered it.');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 4000);
const verifier = new Webhook(secret);
// A real receiver keeps these in its database: the ids it has handled, and its copy of each job.
const seen = new Set<string>();
const jobs = new Map<string, { sequence: number; job: JobCopy }>();

/** Acts on one event by its type (here: prints it); a job's copy is replaced only by a newer one. */
function act(event: DeliveredEvent): void {
  if (event.jobId === null || event.sequence === null || !event.data.job) {
    console.log(`✔ ${event.type}: endpoint ${event.data.endpoint?.id}`);
    return;
  }
  const kept = jobs.get(event.jobId);
  if (kept && kept.sequence > event.sequence) {
    // Older than the copy kept (a retry that arrived late): still news to act on, but the copy stays.
    console.log(`✔ ${event.type}: job ${event.jobId} was ${event.data.job.status} (#${event.sequence}; the copy kept is newer: #${kept.sequence})`);
    return;
  }
  jobs.set(event.jobId, { sequence: event.sequence, job: event.data.job });
  console.log(`✔ ${event.type}: job ${event.jobId} is ${event.data.job.status} (#${event.sequence})`);
}

const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    let event: DeliveredEvent;
    try {
      event = verifier.verify(body, req.headers as Record<string, string>) as DeliveredEvent;
    } catch (error) {
      console.log(`✖ Refused a delivery that did not verify: ${(error as Error).message}`);
      res.writeHead(400).end();
      return;
    }
    // Answer at once; do the work after (a slow answer counts as a failure and is sent again).
    res.writeHead(204).end();
    if (seen.has(event.id)) return console.log(`  (again: ${event.id})`);
    seen.add(event.id);
    act(event);
  });
});

server.listen(port, '127.0.0.1', () => console.log(`Listening on http://127.0.0.1:${port}/hooks`));
process.on('SIGINT', () => server.close(() => process.exit(0)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

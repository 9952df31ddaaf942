/**
 * A merchant's webhook receiver: verifies each delivery with the `standardwebhooks` package and the
 * endpoint's secret, ignores repeats (deliveries are at least once) and stale updates (a job's events
 * carry `sequence`), and prints what happened.
 *
 *   WEBHOOK_SECRET=whsec_… PORT=4000 npx node examples/webhook-receiver.ts
 *
 * Register it with POST /v1/webhook-endpoints {"url": "http://127.0.0.1:4000/hooks"} (npm start allows
 * receivers on this machine; a deployed stage sends only to https URLs on public addresses).
 */
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

interface DeliveredEvent {
  id: string;
  type: string;
  jobId: string | null;
  sequence: number | null;
  data: { job?: { status: string; settlement: string | null }; endpoint?: { id: string } };
}

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error('Set WEBHOOK_SECRET to the endpoint’s secret (whsec_…), shown when you registered it.');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 4000);
const verifier = new Webhook(secret);
const seen = new Set<string>();
const latest = new Map<string, number>();

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
    if (event.jobId !== null && event.sequence !== null) {
      if ((latest.get(event.jobId) ?? 0) > event.sequence) return console.log(`  (stale: ${event.type} #${event.sequence} of ${event.jobId})`);
      latest.set(event.jobId, event.sequence);
    }
    const about = event.data.job ? `job ${event.jobId} is ${event.data.job.status} (#${event.sequence})` : `endpoint ${event.data.endpoint?.id}`;
    console.log(`✔ ${event.type}: ${about}`);
  });
});

server.listen(port, '127.0.0.1', () => console.log(`Listening on http://127.0.0.1:${port}/hooks`));
process.on('SIGINT', () => server.close(() => process.exit(0)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

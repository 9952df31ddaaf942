import { connect, type Socket } from 'node:net';

/** A raw TCP connection to the server (no HTTP client in between to hide what the server does). */
export function openRaw(url: string): Promise<Socket> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => resolve(socket));
    // Writing the rest of a body the server stopped reading may fail once it closes: that is the point.
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

/** The HTTP/1.1 answers on a socket, one by one (each has Content-Length), and when the server closes it. */
export function responses(socket: Socket): { next(): Promise<{ status: number; head: string }>; closed: Promise<void> } {
  let buffered = Buffer.alloc(0);
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    waiting?.();
  });
  let ended = false;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void closed.then(() => {
    ended = true;
    waiting?.();
  });
  const next = async (): Promise<{ status: number; head: string }> => {
    for (;;) {
      if (ended && buffered.indexOf('\r\n\r\n') === -1) throw new Error('The server closed the connection without an answer');
      const end = buffered.indexOf('\r\n\r\n');
      if (end !== -1) {
        const head = buffered.subarray(0, end).toString('latin1');
        const length = Number(/^content-length: *(\d+)$/im.exec(head)?.[1] ?? 0);
        if (buffered.length >= end + 4 + length) {
          buffered = buffered.subarray(end + 4 + length);
          return { status: Number(head.split(' ')[1]), head };
        }
      }
      await new Promise<void>((resolve) => (waiting = resolve));
    }
  };
  return { next, closed };
}

/**
 * Sends `first` (raw HTTP/1.1) on a new keep-alive connection, then, unless its answer closed the
 * connection, an ordinary GET /openapi.json on the same socket. Returns the first answer's status and
 * what became of the socket: 'closed' (the server closed it with the answer) or 'reused' (it served
 * the next request). A socket left hanging never resolves (the test's timeout says so).
 */
export async function thenOrdinaryRequest(url: string, first: string): Promise<{ status: number; after: string }> {
  const socket = await openRaw(url);
  const reader = responses(socket);
  socket.write(first);
  const answer = await reader.next();
  let after: string;
  if (/^connection: close$/im.test(answer.head)) {
    await reader.closed;
    after = 'closed';
  } else {
    socket.write('GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    const second = await reader.next();
    after = second.status === 200 ? 'reused' : `answered ${second.status}`;
  }
  socket.destroy();
  return { status: answer.status, after };
}

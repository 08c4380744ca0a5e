import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a receiver got: the raw body as sent (signatures are over these bytes) and the headers. */
export interface Received {
  body: string;
  headers: http.IncomingHttpHeaders;
  at: number;
}

/**
 * A local webhook receiver on 127.0.0.2 (the test app trusts that address, and only it): answers
 * each request with the next status of `script` (the last one repeats).
 */
export async function receiver(script: number[] = [200]) {
  const got: Received[] = [];
  let statuses = [...script];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers, at: Date.now() });
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0];
      res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.2:${port}/hook`,
    port,
    got,
    answer(next: number[]) {
      statuses = [...next];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

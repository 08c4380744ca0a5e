/**
 * A recording proxy between the uploader and the server (like the uploader test kit's partProxy,
 * plus bytes): every part PUT with the body bytes the client sent through it and whether the server
 * answered 200, and the part size the server chose in the last start answer.
 */
import http from 'node:http';
import { API } from '@rushes/shared';

export interface PartPut {
  uploadId: string;
  part: number;
  /** 1: the run that is killed, 2: the rerun */
  phase: number;
  /** body bytes received from the client (acknowledged or not) */
  bytes: number;
  /** the offset the PUT continues from (the browser's protocol; 0 for a whole part) */
  offset: number;
  ok: boolean;
}

export function countingProxy(target: string) {
  const puts: PartPut[] = [];
  let phase = 1;
  let partSize = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const u = new URL(req.url!, target);
    const isPart = req.method === 'PUT' && u.pathname === API.blobs.parts;
    const isStart = req.method === 'POST' && u.pathname === API.uploads.root;
    const rec: PartPut | undefined = isPart
      ? {
          uploadId: u.searchParams.get('uploadId') ?? '',
          part: Number(u.searchParams.get('partNumber')),
          phase,
          bytes: 0,
          offset: Number(u.searchParams.get('offset') ?? 0),
          ok: false,
        }
      : undefined;
    if (rec) {
      puts.push(rec);
      req.on('data', (c: Buffer) => (rec.bytes += c.length));
    }
    const up = http.request(u, { method: req.method, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      const body: Buffer[] = [];
      if (isStart) answer.on('data', (c: Buffer) => body.push(c));
      answer.pipe(res);
      answer.on('end', () => {
        if (rec && answer.statusCode === 200) rec.ok = true;
        if (isStart && answer.statusCode === 200) {
          const json = JSON.parse(Buffer.concat(body).toString()) as { data: { part_size: number } };
          partSize = json.data.part_size;
        }
      });
    });
    up.on('error', () => res.destroy());
    // the client was killed mid-request: the server sees the connection go too
    req.on('close', () => {
      if (!req.complete) up.destroy();
    });
    req.pipe(up);
  });
  return {
    puts,
    partSize: () => partSize,
    setPhase: (p: number) => (phase = p),
    reset: () => {
      puts.length = 0;
      phase = 1;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`),
        ),
      ),
    close: () => {
      server.closeAllConnections();
      agent.destroy();
      return new Promise((r) => server.close(r));
    },
  };
}

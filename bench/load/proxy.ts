import http from 'node:http';
import net from 'node:net';

/**
 * The load test's load balancer (a stand-in for nginx or a cloud LB), run as its own process:
 * `node --import tsx bench/load/proxy.ts <port> <upstream port>...`. Round-robin over the upstreams,
 * no stickiness (the clients use Socket.IO's websocket transport only, which needs none).
 *
 * - HTTP: request bodies are buffered (the bench's are small), so a request can be sent again. It goes
 *   to the next upstream when the chosen one refuses the connection, resets it before answering, or
 *   answers 503 while shutting down (Fastify's closing answer: before any handler ran, so even a POST
 *   is safe to resend — nginx's `proxy_next_upstream error http_503 non_idempotent`). An upstream that
 *   failed so is skipped for a second.
 * - WebSocket: the upgrade request is piped to an upstream over a fresh TCP connection, then bytes
 *   both ways. When the upstream goes away the client's connection is closed and the client reconnects
 *   (through here, to a live node).
 */
const [port, ...upstreamPorts] = process.argv.slice(2).map(Number);
const upstreams = upstreamPorts.map((p) => ({ port: p, downUntil: 0 }));
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;
let retries = 0;
/** Open websockets per upstream port, for the report (sockets leaving a stopped node and coming back). */
const sockets = new Map<number, number>(upstreamPorts.map((p) => [p, 0]));

function pick(exclude: Set<number>) {
  const now = Date.now();
  for (let i = 0; i < upstreams.length; i++) {
    const u = upstreams[(next + i) % upstreams.length];
    if (!exclude.has(u.port) && u.downUntil <= now) {
      next = (next + i + 1) % upstreams.length;
      return u;
    }
  }
  // All marked down: try any not yet tried (a node may be back).
  return upstreams.find((u) => !exclude.has(u.port));
}

function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tried: Set<number>) {
  const up = pick(tried);
  if (!up) {
    res.writeHead(502, { 'content-type': 'text/plain' }).end('no upstream');
    return;
  }
  tried.add(up.port);
  const retry = () => {
    up.downUntil = Date.now() + 1000;
    retries++;
    forward(req, res, body, tried);
  };
  const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  const headers: http.OutgoingHttpHeaders = { ...req.headers, 'x-forwarded-for': forwarded };
  if (body.length || req.method !== 'GET') headers['content-length'] = String(body.length);
  else delete headers['content-length'];
  delete headers['transfer-encoding'];
  const upstream = http.request(
    { host: '127.0.0.1', port: up.port, method: req.method, path: req.url, headers, agent },
    (answer) => {
      if (
        answer.statusCode === 503 &&
        answer.headers.connection === 'close' &&
        tried.size < upstreams.length
      ) {
        answer.resume();
        return retry();
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (err: NodeJS.ErrnoException) => {
    if (res.headersSent) return res.destroy();
    if ((err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET') && tried.size < upstreams.length)
      return retry();
    res.writeHead(502, { 'content-type': 'text/plain' }).end(`upstream ${err.code ?? err.message}`);
  });
  upstream.end(body);
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
});
server.keepAliveTimeout = 30_000;

server.on('upgrade', (req, client: net.Socket, head: Buffer) => {
  const tried = new Set<number>();
  const attempt = () => {
    const up = pick(tried);
    if (!up) return client.destroy();
    tried.add(up.port);
    const upstream = net.connect(up.port, '127.0.0.1');
    let connected = false;
    upstream.on('connect', () => {
      connected = true;
      sockets.set(up.port, sockets.get(up.port)! + 1);
      upstream.once('close', () => sockets.set(up.port, sockets.get(up.port)! - 1));
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => {
      if (!connected) {
        up.downUntil = Date.now() + 1000;
        return attempt();
      }
      client.destroy();
    });
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
  };
  attempt();
});

// as the API nodes and nginx.ts: the default accept queue (511) overflows under a reconnect storm
server.listen(port, '127.0.0.1', 4096, () => process.send?.({ ready: true }));
process.on('message', (m: { stats?: boolean }) => {
  if (m.stats) process.send?.({ retries, sockets: Object.fromEntries(sockets) });
});
process.on('SIGTERM', () => process.exit(0));

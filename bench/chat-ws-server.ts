/**
 * Child process for the chat benchmark's baseline: a bare `ws` server that broadcasts each message
 * POSTed to /send to every connected client. No auth, no database, no rooms — only HTTP in and one
 * serialised frame written to N sockets, the floor any chat delivery sits on. The frame has the shape
 * and size of our chat_message payload so both sides write the same bytes.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { WebSocketServer, WebSocket } from 'ws';

const port = Number(process.argv[2] ?? 0);
let chatsCount = 0;
const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/api/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"response":true}');
    return;
  }
  if (req.method !== 'POST' || req.url !== '/send') {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const { text, project_db_id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      text: string;
      project_db_id: string;
    };
    const message = {
      id: randomUUID(),
      project_id: project_db_id,
      user: { user_id: randomUUID(), user_name: 'Bench Sender', user_badge_color: '#1c7ed6' },
      text,
      timestamp: new Date().toISOString(),
    };
    const frame = JSON.stringify(['chat_message', { project_db_id, message, chats_count: ++chatsCount }]);
    for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(frame);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"response":true}');
  });
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });
server.listen(port, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(JSON.stringify({ port: address.port }) + '\n');
});

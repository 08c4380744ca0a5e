import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

/**
 * bench p1's baseline: bare node:http and plain `pg`, no framework and no ORM, running the same
 * SQL our server sends for a route (captured from a real request by bench/p1/index.ts). Per request:
 * read the cookie, SHA-256 it (the session key), run the route's statements in order on one pooled
 * connection as named prepared statements (parsed once per connection, as ours are), answer every
 * result set as JSON. Usage: baseline-server.ts <statements.json>
 */
interface Statement {
  sql: string;
  params: unknown[];
}
const routes = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Record<string, Statement[]>;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const server = http.createServer(async (req, res) => {
  try {
    const statements = routes[(req.url ?? '').split('?')[0]];
    if (!statements) {
      res.writeHead(404).end();
      return;
    }
    const cookie = /rushes_sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
    createHash('sha256').update(cookie).digest('hex');
    const client = await pool.connect();
    const results: unknown[][] = [];
    try {
      for (const [i, s] of statements.entries()) {
        const name = `${req.url}#${i}`;
        results.push((await client.query({ name, text: s.sql, values: s.params })).rows);
      }
    } finally {
      client.release();
    }
    const body = JSON.stringify({ response: true, data: results, errormessage: '' });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  console.log(`PORT ${typeof addr === 'object' && addr ? addr.port : 0}`);
});

// Exit on SIGTERM so that --cpu-prof writes its profile.
process.on('SIGTERM', () => process.exit(0));

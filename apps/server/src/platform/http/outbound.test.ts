import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch, isPrivateAddress, OutboundRefused, parseTrustedHosts } from './outbound.ts';

let server: http.Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits += 1;
    if (req.url === '/echo') {
      // answers the request's content type and body as they arrived
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': req.headers['content-type'] ?? 'none' });
        res.end(Buffer.concat(chunks));
      });
      return;
    }
    if (req.url === '/redirect') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: one\n\n');
    setTimeout(() => res.end('data: two\n\n'), 50);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('the outbound HTTP client (SSRF guard)', () => {
  it('knows private, loopback, link-local, reserved and mapped addresses from public ones', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '[::1]',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('refuses a loopback address, by literal and by a name that resolves to it, without connecting', async () => {
    const f = guardedFetch({ trustedHosts: [] });
    const before = hits;
    await expect(f(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(f(`http://[::1]:${port}/`)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(f(`http://localhost:${port}/`)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(f('file:///etc/passwd')).rejects.toBeInstanceOf(OutboundRefused);
    expect(hits).toBe(before);
  });

  it('lets listed hosts, addresses and ranges through, streams the body, never follows a redirect', async () => {
    for (const trusted of ['127.0.0.1', '127.0.0.0/8', 'localhost']) {
      const f = guardedFetch({ trustedHosts: parseTrustedHosts(` ${trusted} , example.org`) });
      const host = trusted === 'localhost' ? 'localhost' : '127.0.0.1';
      const res = await f(`http://${host}:${port}/`, { method: 'POST', body: '{}' });
      expect(res.status, trusted).toBe(200);
      const reader = res.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toBe('data: one\n\n'); // before the rest was sent: streamed
      await reader.cancel();
    }
    const f = guardedFetch({ trustedHosts: ['127.0.0.1'] });
    const moved = await f(`http://127.0.0.1:${port}/redirect`);
    expect(moved.status).toBe(302);
  });

  it('sends a FormData body with its multipart boundary (file uploads: speech to text)', async () => {
    const f = guardedFetch({ trustedHosts: ['127.0.0.1'] });
    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('file', new Blob([Buffer.from('ID3 audio')], { type: 'audio/mpeg' }), 'audio.mp3');
    const res = await f(`http://127.0.0.1:${port}/echo`, { method: 'POST', body: form });
    // the server parses it with the header it got: the boundary in the header is the body's
    const echoed = await new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': res.headers.get('content-type')! },
      body: await res.arrayBuffer(),
    }).formData();
    expect(echoed.get('model')).toBe('whisper-1');
    expect(await (echoed.get('file') as File).text()).toBe('ID3 audio');
  });

  it('aborts with the caller’s signal', async () => {
    const f = guardedFetch({ trustedHosts: ['127.0.0.1'] });
    const controller = new AbortController();
    controller.abort();
    await expect(f(`http://127.0.0.1:${port}/`, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

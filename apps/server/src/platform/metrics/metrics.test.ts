import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { insertJob } from '../jobs/jobStore.ts';
import { METRICS_PATH } from './metrics.ts';

/** /metrics (DESIGN §11): the Prometheus text format, this machine or the bearer token only. */
let t: TestApp;
const TOKEN = 'metrics-token-0123456789abcdef';
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t?.close());

const scrape = (opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: METRICS_PATH, ...opts });

/**
 * One line of the text exposition format 0.0.4: a comment, or `name{labels} value` (values as Go's
 * ParseFloat reads them: prom-client writes an event-loop mean of no samples yet as `Nan`).
 */
const COMMENT =
  /^# (HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*|TYPE [a-zA-Z_:][a-zA-Z0-9_:]* (counter|gauge|histogram|summary|untyped))$/;
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]?Inf|[Nn]a[Nn])( -?\d+)?$/;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      expect(line).toMatch(COMMENT);
      continue;
    }
    const m = SAMPLE.exec(line);
    expect(m, line).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m![2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[k] = v;
    samples.push({ name: m![1], labels, value: Number(m![3]) });
  }
  return samples;
}

describe('/metrics', () => {
  it('answers this machine in the exposition format: every line parses, histogram buckets are cumulative, routes are patterns', async () => {
    for (let i = 0; i < 3; i++) expect((await t.call('GET', API.health)).status).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/no-such/abc123?x=secret-in-url' });

    const res = await scrape({ remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parse(res.body);
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
      'rushes_realtime_publish_pending',
      'rushes_realtime_publish_lag_seconds',
      'rushes_realtime_held_requests_total',
      'rushes_db_pool_waiting',
      'rushes_db_pool_connections',
      'rushes_http_request_duration_seconds_bucket',
    ])
      expect(names, name).toContain(name);

    const http = samples.filter((s) => s.name.startsWith('rushes_http_request_duration_seconds'));
    const health = http.filter((s) => s.labels.route === API.health);
    expect(health.find((s) => s.name.endsWith('_count'))).toMatchObject({
      labels: { method: 'GET', status_class: '2xx' },
      value: 3,
    });
    // The raw URL (ids, query strings) never becomes a label: a path no route matches is one series.
    expect(http.find((s) => s.labels.route === '(unmatched)' && s.name.endsWith('_count'))).toMatchObject({
      labels: { status_class: '4xx' },
      value: 1,
    });
    expect(res.body).not.toContain('abc123');
    expect(res.body).not.toContain('secret-in-url');

    // Per series, the buckets never decrease as `le` grows and +Inf equals _count.
    const series = new Map<string, Sample[]>();
    for (const s of http.filter((x) => x.name.endsWith('_bucket'))) {
      const { le, ...rest } = s.labels;
      const key = JSON.stringify(rest);
      series.set(key, [...(series.get(key) ?? []), { ...s, value: s.value, labels: { le } }]);
    }
    expect(series.size).toBeGreaterThan(1);
    for (const [key, buckets] of series) {
      const sorted = [...buckets].sort((a, b) => Number(a.labels.le) - Number(b.labels.le));
      expect(sorted.at(-1)!.labels.le).toBe('+Inf');
      for (let i = 1; i < sorted.length; i++)
        expect(sorted[i].value).toBeGreaterThanOrEqual(sorted[i - 1].value);
      const count = http.find((s) => s.name.endsWith('_count') && JSON.stringify(s.labels) === key);
      expect(count?.value).toBe(sorted.at(-1)!.value);
    }

    // The pool gauges: node-postgres's pool, or PGlite's one connection.
    const pool = samples.filter((s) => s.name === 'rushes_db_pool_connections');
    const total = pool.find((s) => s.labels.state === 'total')?.value;
    if (process.env.DATABASE_URL) expect(total).toBeGreaterThanOrEqual(1);
    else expect(total).toBe(1);
  });

  it('counts pending jobs per queue and state (this app runs no worker: nothing is claimed)', async () => {
    await insertJob(t.ctx.db, 'metrics.probe', {});
    await insertJob(t.ctx.db, 'metrics.probe', {});
    await insertJob(t.ctx.db, 'metrics.probe', {}, { delaySeconds: 3600 });
    const samples = parse((await scrape({ remoteAddress: '127.0.0.1' })).body);
    const probe = samples.filter((s) => s.name === 'rushes_jobs' && s.labels.queue === 'metrics.probe');
    expect(Object.fromEntries(probe.map((s) => [s.labels.state, s.value]))).toEqual({
      due: 2,
      scheduled: 1,
      active: 0,
    });
  });

  it('refuses another address with a plain 403, forwarded hops included, and is not in the OpenAPI document', async () => {
    const refused: { remoteAddress: string; headers?: Record<string, string> }[] = [
      { remoteAddress: '203.0.113.9' },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer wrong-token-0123456789' } },
      { remoteAddress: '203.0.113.9', headers: { cookie: 'whatever=1' } },
    ];
    for (const opts of refused) {
      const res = await scrape(opts);
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('forbidden\n');
    }
    const doc = await t.app.inject({ method: 'GET', url: `${API.docs}/json` });
    expect(doc.statusCode).toBe(200);
    expect(doc.body).not.toContain(METRICS_PATH);
  });

  it('answers any address that brings METRICS_TOKEN as a bearer token', async () => {
    const res = await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('rushes_realtime_publish_lag_seconds');
  });

  it('without METRICS_TOKEN, only this machine', async () => {
    const plain = await createTestApp();
    try {
      const remote = await plain.app.inject({
        method: 'GET',
        url: METRICS_PATH,
        remoteAddress: '198.51.100.4',
      });
      expect(remote.statusCode).toBe(403);
      const bearer = await plain.app.inject({
        method: 'GET',
        url: METRICS_PATH,
        remoteAddress: '198.51.100.4',
        headers: { authorization: 'Bearer ' },
      });
      expect(bearer.statusCode).toBe(403);
      const local = await plain.app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: '::1' });
      expect(local.statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });
});

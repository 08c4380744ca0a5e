/**
 * What the nodes say about themselves during the hold: their Prometheus endpoint (/metrics, open to
 * loopback), scraped with the 5 s ticker. Kept per node, the maximum over the hold of:
 * - rushes_realtime_publish_lag_seconds and rushes_realtime_publish_pending: how far the realtime
 *   hints fell behind the commits;
 * - nodejs_eventloop_lag_p99_seconds and _max_seconds (prom-client's defaults): prom-client resets
 *   its event-loop histogram on every scrape, so each value covers the 5 s since the previous one
 *   (hence the scrape at the hold's start whose values are dropped: it ends the window of the ramp).
 *   The histogram samples every 10 ms (prom-client's default) and counts the interval itself, so an
 *   idle loop reads about 10 ms: the lag is what lies above that;
 * - rushes_db_pool_waiting: queries waiting for a database connection.
 * The ticker also scrapes during the ramp (values not kept) for the timeline's sockets per node.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text exposition format's sample lines: `name{label="value",…} value [timestamp]`. */
export function parseMetrics(text: string): Sample[] {
  const out: Sample[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0];
    if (!name) continue;
    let i = name.length;
    const labels: Record<string, string> = {};
    if (line[i] === '{') {
      i++;
      while (i < line.length && line[i] !== '}') {
        const m = /^\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"/.exec(line.slice(i));
        if (!m) break;
        i += m[0].length;
        let value = '';
        // Label values escape \\, \" and \n.
        while (i < line.length && line[i] !== '"') {
          if (line[i] === '\\' && i + 1 < line.length) {
            i++;
            value += line[i] === 'n' ? '\n' : line[i];
          } else value += line[i];
          i++;
        }
        labels[m[1]] = value;
        i++;
        while (line[i] === ',' || line[i] === ' ') i++;
      }
      if (line[i] !== '}') continue;
      i++;
    }
    const value = line.slice(i).trim().split(/\s+/)[0];
    const n = value === '+Inf' ? Infinity : value === '-Inf' ? -Infinity : Number(value);
    if (value && !Number.isNaN(n)) out.push({ name, labels, value: n });
  }
  return out;
}

const KEPT = {
  publishLagSeconds: 'rushes_realtime_publish_lag_seconds',
  publishPending: 'rushes_realtime_publish_pending',
  eventLoopLagP99Seconds: 'nodejs_eventloop_lag_p99_seconds',
  eventLoopLagMaxSeconds: 'nodejs_eventloop_lag_max_seconds',
  dbPoolWaiting: 'rushes_db_pool_waiting',
} as const;
type Kept = keyof typeof KEPT;

export type NodeMetrics = { scrapes: number; failed: number } & Partial<Record<Kept, number>>;

export function metricsScraper(nodes: () => { name: string; port: number }[]) {
  const seen = new Map<string, NodeMetrics>();
  // Open websockets per node at the last scrape (undefined when it failed): the timeline's sockets
  // when the balancer (nginx) does not count them itself.
  const sockets = new Map<string, number | undefined>();
  const one = async (name: string, port: number, keep: boolean) => {
    const entry = seen.get(name) ?? { scrapes: 0, failed: 0 };
    seen.set(name, entry);
    sockets.set(name, undefined);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(3000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const samples = parseMetrics(await res.text());
      sockets.set(name, samples.find((s) => s.name === 'rushes_realtime_sockets')?.value);
      if (!keep) return;
      entry.scrapes++;
      for (const [key, metric] of Object.entries(KEPT) as [Kept, string][]) {
        for (const s of samples)
          if (s.name === metric) entry[key] = Math.max(entry[key] ?? -Infinity, s.value);
      }
    } catch {
      // A node restarting (load-restart) or too busy to answer in 3 s: counted, not fatal.
      if (keep) entry.failed++;
    }
  };
  return {
    /** keep = false: the scrape only starts the event-loop window afresh. */
    scrape: (keep = true) => Promise.all(nodes().map((n) => one(n.name, n.port, keep))),
    result: () => Object.fromEntries(seen) as Record<string, NodeMetrics>,
    sockets: (name: string) => sockets.get(name),
  };
}

const fmtMs = (s: number | undefined) =>
  s === undefined ? '–' : `${(s * 1000).toFixed(s < 0.01 ? 1 : 0)} ms`;
const fmtN = (x: number | undefined) => (x === undefined ? '–' : String(x));

export function printNodeMetrics(byNode: Record<string, NodeMetrics>) {
  console.log('\nnode metrics (/metrics every 5 s, max over the hold; an idle event loop reads ~10 ms)');
  console.log(
    '| node | publish lag | publish pending | event-loop lag p99 (5 s window) | event-loop lag max | DB pool waiting | scrapes (failed) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, m] of Object.entries(byNode))
    console.log(
      `| ${name} | ${fmtMs(m.publishLagSeconds)} | ${fmtN(m.publishPending)} | ${fmtMs(m.eventLoopLagP99Seconds)} | ${fmtMs(m.eventLoopLagMaxSeconds)} | ${fmtN(m.dbPoolWaiting)} | ${m.scrapes} (${m.failed}) |`,
    );
}

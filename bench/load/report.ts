import type { ChatCheck } from './verify.ts';

/** What driver.ts answers at the end of a run. */
export interface DriverResult {
  requests: number;
  latencies: Record<string, number[]>;
  errors: Record<string, number>;
  errorSamples: string[];
  chatDelivery: number[];
  counters: {
    connects: number;
    reconnects: number;
    connectErrors: number;
    disconnects: number;
    active: number;
    joinsInterrupted: number;
    joinsTimedOutBuffered: number;
  };
  /** connect_error count by whether the client retried it and its message; disconnects by reason */
  connectErrorKinds?: Record<string, number>;
  users: {
    index: number;
    projectId: string;
    joinedAt: number;
    known: string[];
    liveIds: string[];
    duplicates: number;
    sent: { text: string; ok: boolean }[];
    connected: boolean;
  }[];
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
const ms = (x: number) => (Number.isNaN(x) ? '–' : x < 10 ? `${x.toFixed(1)} ms` : `${x.toFixed(0)} ms`);

function summary(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const avg = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return { n: s.length, avg, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s.at(-1) ?? NaN };
}

/** Prints the run's figures (the held phase only) and answers them for the JSON report. */
export function printReport(r: {
  result: DriverResult;
  chat: ChatCheck | { failed: string };
  users: number;
  holdSeconds: number;
  load: { start: string; end: string };
  cpu: Record<string, number>;
  restarts: string[];
  timeline: string[];
  think: [number, number];
  restart: boolean;
  /** What 'proxy' in the CPU figures is: nginx (master + workers) or our Node proxy. */
  balancer: 'nginx' | 'node';
}) {
  const all = Object.values(r.result.latencies).flat();
  const errors = Object.values(r.result.errors).reduce((a, b) => a + b, 0);
  const total = summary(all);
  const rows = Object.entries(r.result.latencies)
    .map(([name, xs]) => ({ name, ...summary(xs), errors: r.result.errors[name] ?? 0 }))
    .sort((a, b) => b.n - a.n);
  const delivery = summary(r.result.chatDelivery);
  const errorRate = (100 * errors) / (all.length || 1);
  console.log(
    `\nload${r.restart ? ' + rolling restart' : ''}: ${r.users} users (think ${r.think[0]}–${r.think[1]} ms), held ${r.holdSeconds.toFixed(0)} s, ${r.result.counters.active} active at the end, balancer ${r.balancer === 'nginx' ? 'nginx' : 'the Node proxy'}`,
  );
  console.log(`load average at hold start ${r.load.start}, at end ${r.load.end}`);
  console.log(
    `requests ${all.length} (${(all.length / r.holdSeconds).toFixed(1)}/s)  avg ${ms(total.avg)}  p50 ${ms(total.p50)}  p95 ${ms(total.p95)}  p99 ${ms(total.p99)}  max ${ms(total.max)}  errors ${errors} (${errorRate.toFixed(3)} %)`,
  );
  console.log('| request | n | avg | p50 | p95 | p99 | max | errors |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const x of rows)
    console.log(
      `| ${x.name} | ${x.n} | ${ms(x.avg)} | ${ms(x.p50)} | ${ms(x.p95)} | ${ms(x.p99)} | ${ms(x.max)} | ${x.errors} |`,
    );
  console.log(
    `chat delivery (send → each member's socket): n ${delivery.n}  avg ${ms(delivery.avg)}  p50 ${ms(delivery.p50)}  p95 ${ms(delivery.p95)}  p99 ${ms(delivery.p99)}`,
  );
  console.log(
    `sockets: connects ${r.result.counters.connects}, reconnects ${r.result.counters.reconnects}, connect errors ${r.result.counters.connectErrors}, disconnects ${r.result.counters.disconnects}, joins interrupted by a disconnect (joined again on the next connect) ${r.result.counters.joinsInterrupted}, join errors that were timeouts of a join sent while reconnecting ${r.result.counters.joinsTimedOutBuffered}`,
  );
  if (Object.keys(r.result.connectErrorKinds ?? {}).length)
    console.log(
      `socket connect errors and disconnects by kind: ${JSON.stringify(r.result.connectErrorKinds)}`,
    );
  console.log(`chat check: ${JSON.stringify(r.chat)}`);
  console.log(
    `CPU (cores) over the hold: ${Object.entries(r.cpu)
      .map(([k, v]) => `${k} ${v.toFixed(2)}`)
      .join(', ')}`,
  );
  // CPU time per request survives a contended machine better than latency does (it does not count
  // waiting for a core): it says what the load would cost on a machine of our own.
  const perSecond = all.length / r.holdSeconds;
  const cpuMs = (cores: number) => ((cores * 1000) / (perSecond || 1)).toFixed(2);
  const nodes = (r.cpu['node A'] ?? 0) + (r.cpu['node B'] ?? 0);
  const cpuPerRequest = { nodes: Number(cpuMs(nodes)), postgres: Number(cpuMs(r.cpu.postgres ?? 0)) };
  console.log(
    `CPU per request: API nodes ${cpuPerRequest.nodes} ms, PostgreSQL backends ${cpuPerRequest.postgres} ms (Redis not counted: shared server)`,
  );
  for (const line of r.restarts) console.log(`restart: ${line}`);
  if (r.result.errorSamples.length) console.log(`error samples:\n  ${r.result.errorSamples.join('\n  ')}`);
  return {
    users: r.users,
    balancer: r.balancer,
    holdSeconds: r.holdSeconds,
    load: r.load,
    requests: all.length,
    errors,
    errorRate,
    total,
    rows,
    delivery,
    counters: r.result.counters,
    connectErrorKinds: r.result.connectErrorKinds,
    chat: r.chat,
    cpu: r.cpu,
    cpuPerRequest,
    restarts: r.restarts,
    timeline: r.timeline,
    errorSamples: r.result.errorSamples,
  };
}

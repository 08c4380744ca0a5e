import { median } from './stats.ts';

/** The chat benchmark's figures: one row per variant and size (medians over runs), ratios per pair. */

/** ws: bare ws baseline; one: one API instance; two: two instances + Redis; one-quiet: one instance, no unread pushes. */
export type Variant = 'ws' | 'one' | 'two' | 'one-quiet';

export interface RunResult {
  variant: Variant;
  n: number;
  p50: number;
  p99: number;
  max: number;
  connectFailed: number;
  connectMs: number;
  lost: number;
  duplicates: number;
  /** Arrivals out of the server's order (chats_count) on a socket. */
  reordered: number;
  /** Arrivals out of the sender's order: overlapping HTTP sends when a send takes > 100 ms. */
  sendOrderInversions: number;
  slowestBySeq: number[];
  /**
   * Slowest arrival of the last tenth of the messages minus that of the first tenth: near 0 when
   * delivery keeps up with 10/s, growing with the window when a backlog builds.
   */
  drift: number;
  /** The machine's 1-minute load average at the end of the run (2 cores; other work shares them). */
  load1: number;
  sendFailed: number;
  /** chat_count events each socket received per message sent (1 when every member hears each send). */
  unreadPerSocketPerMessage: number;
  /**
   * Server CPU (user + system, both instances summed) from the first send until every client caught
   * up, minus the idle rate, per message sent. At 10 messages/s, 100 ms/msg is one core saturated.
   */
  serverCpuMsPerMessage: number;
  /** The same for the receiving client processes (they share the machine's 2 cores). */
  clientCpuMsPerMessage: number;
  rssIdleMb: number;
  kbPerConnConnected: number;
  kbPerConnAfter: number;
}

const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '–');

export function printReport(all: RunResult[], opts: { rate: number; seconds: number }) {
  console.log(
    `\nchat: ${opts.rate} messages/s, ${opts.rate * opts.seconds} counted per run (after 10 warm-up); medians over runs`,
  );
  console.log(
    '  N     variant    runs  p50 ms  p99 ms  max ms  lost  reord  dup  sendfail  unread/sock/msg  drift ms  server cpu ms/msg (µs/delivery)  client cpu ms/msg  load  idle MiB  KB/conn (connected / after)',
  );
  const sizes = [...new Set(all.map((r) => r.n))];
  for (const n of sizes) {
    for (const v of ['ws', 'one', 'two', 'one-quiet'] as Variant[]) {
      const rs = all.filter((r) => r.n === n && r.variant === v);
      if (!rs.length) continue;
      const m = (k: keyof RunResult) => median(rs.map((r) => r[k] as number));
      const sum = (k: keyof RunResult) => rs.reduce((a, r) => a + (r[k] as number), 0);
      console.log(
        `  ${String(n).padEnd(5)} ${v.padEnd(10)} ${String(rs.length).padEnd(5)} ${f(m('p50')).padStart(6)}  ${f(m('p99')).padStart(6)}  ${f(Math.max(...rs.map((r) => r.max))).padStart(6)}  ${String(sum('lost')).padStart(4)}  ${String(sum('reordered')).padStart(5)}  ${String(sum('duplicates')).padStart(3)}  ${String(sum('sendFailed')).padStart(8)}  ${f(m('unreadPerSocketPerMessage'), 2).padStart(15)}  ${f(m('drift'), 0).padStart(8)}  ${f(m('serverCpuMsPerMessage'), 2).padStart(8)} (${f((m('serverCpuMsPerMessage') * 1000) / n, 1)})  ${f(m('clientCpuMsPerMessage'), 2).padStart(8)}  ${f(m('load1')).padStart(4)}  ${f(m('rssIdleMb'), 0).padStart(8)}  ${f(m('kbPerConnConnected'))} / ${f(m('kbPerConnAfter'))}`,
      );
    }
    for (const v of ['one', 'two', 'one-quiet'] as Variant[]) {
      const base = all.filter((r) => r.n === n && r.variant === 'ws');
      const ours = all.filter((r) => r.n === n && r.variant === v);
      const pairs = Math.min(base.length, ours.length);
      if (!pairs) continue;
      for (const k of ['p50', 'p99'] as const) {
        const ratios = Array.from({ length: pairs }, (_, i) => ours[i][k] / base[i][k]);
        console.log(
          `  N=${n} ${v}/ws ${k} ratio median ${f(median(ratios), 2)} (spread ${f(Math.min(...ratios), 2)}–${f(Math.max(...ratios), 2)}, ${pairs} pairs)`,
        );
      }
    }
  }
}

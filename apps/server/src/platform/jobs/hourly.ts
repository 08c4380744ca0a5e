/**
 * When an hourly job runs next, and its singleton key: the start of the next clock hour after
 * `from`, keyed by that hour (e.g. 'maintenance.hourly:2026-11-24T14'), so every node of a cluster
 * scheduling it enqueues one run.
 */
export function nextClockHour(name: string, from = Date.now()) {
  const runAt = new Date(Math.floor(from / 3_600_000) * 3_600_000 + 3_600_000);
  return { runAt, singletonKey: `${name}:${runAt.toISOString().slice(0, 13)}` };
}

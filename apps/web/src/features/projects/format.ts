// the storage size is the shared one (packages/shared rules/format.ts), as the statistics show it
export { formatBytes } from '@rushes/shared';

/** Seconds as H:MM:SS or M:SS (a duration). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

import { formatNumber, UI } from '@rushes/shared';

/** Bytes in binary steps with the product's number format, e.g. 1536 → '1.5 KB' (storage_used, file_size). */
export function formatBytes(bytes: number): string {
  const units = UI.byteUnits;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${formatNumber(rounded)} ${units[unit]}`;
}

/** Seconds as H:MM:SS or M:SS (a duration). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

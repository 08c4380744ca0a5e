/** The product's one formatter for each of dates, times and numbers (spec 002 §9). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type DateInput = Date | string | number;

/**
 * One formatter per time zone and shape, kept: building an Intl.DateTimeFormat costs ~0.1 ms, formatting
 * with one a few µs, and a chat page formats every message (12 ms of a 50-message page).
 * Time zones are a finite list (an unknown one throws before it is kept); the bound is a backstop.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
export function cachedDateFormat(
  timeZone: string | undefined,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${JSON.stringify(options)}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    if (formatters.size >= 2000) formatters.clear();
    formatters.set(key, fmt);
  }
  return fmt;
}

const PARTS = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
} as const;

function parts(input: DateInput, timeZone?: string) {
  const date = input instanceof Date ? input : new Date(input);
  const fmt = cachedDateFormat(timeZone, PARTS);
  const out: Record<string, number> = {};
  for (const p of fmt.formatToParts(date)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out as { year: number; month: number; day: number; hour: number; minute: number };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'dd MMM yyyy', e.g. '05 Nov 2026'. */
export function formatDate(input: DateInput, timeZone?: string): string {
  const p = parts(input, timeZone);
  return `${pad(p.day)} ${MONTHS[p.month - 1]} ${p.year}`;
}

/**
 * A calendar day as chosen ('yyyy-mm-dd', a task's due day) as dd MMM yyyy — the same day in every
 * reader's time zone (read at noon UTC, so no zone moves it across midnight).
 */
export function formatDay(day: string): string {
  return formatDate(`${day}T12:00:00Z`, 'UTC');
}

/** 'HH:MM AM/PM' on a 12-hour clock, e.g. '09:05 PM'. */
export function formatTime(input: DateInput, timeZone?: string): string {
  const p = parts(input, timeZone);
  const suffix = p.hour < 12 ? 'AM' : 'PM';
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${pad(hour12)}:${pad(p.minute)} ${suffix}`;
}

const EN_IN = new Intl.NumberFormat('en-IN');
/** Indian digit grouping, e.g. 12,34,567. */
export function formatNumber(n: number): string {
  return EN_IN.format(n);
}

/** The units of storage sizes, in binary steps of 1024. */
export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * The product's storage size: bytes in binary steps with the number format above, whole bytes and one
 * decimal above them, e.g. 1536 → '1.5 KB' (storage_used, file_size, statistics).
 */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${formatNumber(rounded)} ${BYTE_UNITS[unit]}`;
}

/** 'mm:ss' countdown, e.g. 120 → '02:00'. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

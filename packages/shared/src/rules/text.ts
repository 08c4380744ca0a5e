/**
 * Text rules every field shares. PostgreSQL refuses the NUL character in text, and no person types
 * one, so the server refuses it in every body, query and path field (answering 'Remove special
 * characters'); control characters are refused where a value is a name (socket room names).
 */
export const hasNulCharacter = (text: string) => text.includes('\u0000');

export function hasControlCharacter(text: string) {
  for (let i = 0; i < text.length; i += 1)
    if (text.charCodeAt(i) < 0x20 || text.charCodeAt(i) === 0x7f) return true;
  return false;
}

const knownTimeZones = new Set<string>();

/** True for an IANA time-zone name (or alias) this runtime knows; '' and 'NaN' are not. */
export function isTimeZone(tz: string) {
  if (!tz) return false;
  // Checked on every chat page's query: a zone once known is remembered (building a formatter is ~0.1 ms).
  if (knownTimeZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    if (knownTimeZones.size < 2000) knownTimeZones.add(tz);
    return true;
  } catch {
    return false;
  }
}

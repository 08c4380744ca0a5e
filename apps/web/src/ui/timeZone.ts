/**
 * The reader's IANA time zone (the browser's, 'UTC' when it names none): it decides chat day groups
 * and 'Today', and is sent as `tz` where the server formats dates for the reader (task lists, chat).
 */
export const userTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

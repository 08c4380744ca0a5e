/** LIKE searches over people and names, shared by every module that offers one. */

/** At most this many users per search answer. */
export const SEARCH_LIMIT = 20;

/** Escapes LIKE wildcards so the typed text is matched literally (backslash is LIKE's escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Helpers for rows read through raw SQL, shared by every module. */

/** A timestamp read through raw SQL (a Date or a string, by driver) as ISO text. */
export const iso = (v: unknown) => new Date(v as string | Date).toISOString();

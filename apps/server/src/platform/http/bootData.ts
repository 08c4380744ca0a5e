import { BOOT_ELEMENT_ID } from '@rushes/shared';

/**
 * What a logged-in page's index.html carries so the app can render without asking first:
 * the user check-login would answer for the same session cookie, and on home its trays. It sits in a
 * `<script type="application/json">` element, which the browser never runs (no CSP exception), and
 * the web app reads it once at start (apps/web/src/app/bootData.ts).
 */

export interface BootData {
  user: unknown;
  /** the shell's settings (GET shell/config), which every logged-in page reads before it paints */
  shell?: unknown;
  /** home only: the first page of its trays that do not depend on the selected team (homeTrays.ts) */
  trays?: unknown;
}

/**
 * The element, its JSON made safe inside HTML: `<`, `>` and `&` as \u escapes, so no value (a team
 * name of `</script>`) can close the element or open another; U+2028/2029 for old parsers.
 */
export function bootScript(data: BootData): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${BOOT_ELEMENT_ID}">${json}</script>`;
}

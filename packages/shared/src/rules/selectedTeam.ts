/**
 * The team a user works in (spec 002 §2 Team switcher): the one the browser stored if it is still
 * theirs, else the one they last switched to on any device (a new browser opens where they left
 * off), else their personal team, else their first. The web app keeps the choice in local storage
 * and mirrors it in the SELECTED_TEAM_COOKIE cookie, so the server can give home's My Projects tray
 * for the same team with index.html.
 */
export const SELECTED_TEAM_COOKIE = 'rushes_team';

export function resolveTeam<T extends { team_db_id: string; is_personal: boolean }>(
  teams: readonly T[],
  storedId: string | null | undefined,
  lastTeamId?: string | null,
): T | undefined {
  const byId = (id: string | null | undefined) => (id ? teams.find((t) => t.team_db_id === id) : undefined);
  return byId(storedId) ?? byId(lastTeamId) ?? teams.find((t) => t.is_personal) ?? teams[0];
}

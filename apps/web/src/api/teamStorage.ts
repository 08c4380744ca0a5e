import {
  SELECTED_TEAM_COOKIE,
  TEAM_ID_STORAGE_KEY,
  resolveTeam as resolveTeamOf,
  type CurrentUser,
  type TeamSummary,
} from '@rushes/shared';

/**
 * The selected team, kept as team_db_id in local storage (spec 002 §2 Team switcher). The client
 * reads it for every non-auth call; components subscribe through useSelectedTeamId.
 */
const listeners = new Set<() => void>();

export function getSelectedTeamId(): string | null {
  try {
    return localStorage.getItem(TEAM_ID_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setSelectedTeamId(teamDbId: string): void {
  try {
    localStorage.setItem(TEAM_ID_STORAGE_KEY, teamDbId);
  } catch {
    // storage unavailable (private mode): the selection lasts for this page only
  }
  mirrorTeamCookie(teamDbId);
  for (const listener of listeners) listener();
}

/**
 * The selection as a cookie too, so the server can give home's My Projects tray for this team with
 * index.html. It is a preference, not a credential: the server uses it only among the
 * session user's own teams.
 */
function mirrorTeamCookie(teamDbId: string): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${SELECTED_TEAM_COOKIE}=${encodeURIComponent(teamDbId)}; path=/; max-age=31536000; samesite=lax${secure}`;
}

export function subscribeSelectedTeam(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TEAM_ID_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The team the user works in: the stored one if still theirs, else the one they last switched to on
 * any device, else the personal team.
 */
export function resolveTeam(user: CurrentUser, storedId: string | null): TeamSummary | undefined {
  return resolveTeamOf(user.teams, storedId, user.last_team_db_id);
}

/**
 * Keep the stored team valid for this user (default: the team they last switched to, else the
 * personal team) before any team call, and
 * its cookie in step (a selection stored before the cookie existed, or a cookie the browser dropped).
 */
export function ensureTeamSelection(user: CurrentUser): void {
  const stored = getSelectedTeamId();
  const team = resolveTeam(user, stored);
  if (team && team.team_db_id !== stored) setSelectedTeamId(team.team_db_id);
  else if (
    team &&
    !document.cookie.includes(`${SELECTED_TEAM_COOKIE}=${encodeURIComponent(team.team_db_id)}`)
  )
    mirrorTeamCookie(team.team_db_id);
}

import { TEAM_ID_STORAGE_KEY, type CurrentUser, type TeamSummary } from '@rushes/shared';

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
  for (const listener of listeners) listener();
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

/** The team the user works in: the stored one if still theirs, else the personal team. */
export function resolveTeam(user: CurrentUser, storedId: string | null): TeamSummary | undefined {
  return (
    user.teams.find((t) => t.team_db_id === storedId) ??
    user.teams.find((t) => t.is_personal) ??
    user.teams[0]
  );
}

/** Keep the stored team valid for this user (default: the personal team) before any team call. */
export function ensureTeamSelection(user: CurrentUser): void {
  const stored = getSelectedTeamId();
  const team = resolveTeam(user, stored);
  if (team && team.team_db_id !== stored) setSelectedTeamId(team.team_db_id);
}

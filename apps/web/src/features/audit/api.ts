import { useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_API, type AuditListQuery } from '@rushes/shared';
import { auditRoutes } from '@rushes/shared/routes/audit';
import { call } from '../../api/client.ts';

/** The filters the screen sends: a person, a kind, and a range of instants (from inclusive, to exclusive). */
export interface AuditFilters {
  actor_db_id?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** The audit log; keys under ['audit']. */
export const auditKeys = {
  all: ['audit'] as const,
  team: (teamDbId: string, f: AuditFilters) => ['audit', 'team', teamDbId, f] as const,
};

const defined = (f: AuditFilters) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as AuditFilters;

/** The team's log, newest first, a page at a time by the answers' cursors. */
export function useTeamAuditLog(teamDbId: string, filters: AuditFilters) {
  const f = defined(filters);
  return useInfiniteQuery({
    queryKey: auditKeys.team(teamDbId, f),
    queryFn: ({ pageParam, signal }) =>
      call(
        auditRoutes.list,
        { team_db_id: teamDbId, ...f, ...(pageParam ? { cursor: pageParam } : {}) } as AuditListQuery,
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** The CSV of the same filters: a plain GET the browser downloads (the session cookie is enough). */
export function auditCsvUrl(teamDbId: string, filters: AuditFilters): string {
  const q = new URLSearchParams({ team_db_id: teamDbId, ...defined(filters) } as Record<string, string>);
  return `${AUDIT_API.export}?${q.toString()}`;
}

/** Local calendar days ('YYYY-MM-DD') as the instants the server filters by: [start of first, start of day after last). */
export function dayRange(from: string | null, to: string | null): { from?: string; to?: string } {
  const start = (day: string) => new Date(`${day}T00:00:00`);
  const out: { from?: string; to?: string } = {};
  if (from) out.from = start(from).toISOString();
  if (to) {
    const end = start(to);
    end.setDate(end.getDate() + 1);
    out.to = end.toISOString();
  }
  return out;
}

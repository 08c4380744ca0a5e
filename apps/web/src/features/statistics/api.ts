import { useQuery } from '@tanstack/react-query';
import { statisticsRoutes } from '@rushes/shared/routes/subscriptions';
import { call } from '../../api/client.ts';

/** A statistics range: yyyy-mm-dd ends, both optional (all time). */
export interface StatsRange {
  start_date?: string;
  end_date?: string;
}

/** A failed statistics load is silent (spec 002 §8): logged, the chart shows no data. */
const silently =
  (name: string) =>
  (e: unknown): never[] => {
    console.warn(`statistics ${name} failed to load`, e);
    return [];
  };

const keyOf = (teamDbId: string, name: string, range: StatsRange) =>
  ['statistics', teamDbId, name, range.start_date ?? '', range.end_date ?? ''] as const;

/** The four statistics calls of spec 002 §7, each answering data.data. */
export function useStatistics(teamDbId: string, range: StatsRange) {
  const input = { team_db_id: teamDbId, ...range };
  const projectStorage = useQuery({
    queryKey: keyOf(teamDbId, 'projectStorage', range),
    queryFn: ({ signal }) =>
      call(statisticsRoutes.projectStorage, input, { signal })
        .then((d) => d.data)
        .catch(silently('project storage')),
    meta: { silent: true },
  });
  const fileStorage = useQuery({
    queryKey: keyOf(teamDbId, 'fileStorage', range),
    queryFn: ({ signal }) =>
      call(statisticsRoutes.fileStorage, input, { signal })
        .then((d) => d.data)
        .catch(silently('file storage')),
    meta: { silent: true },
  });
  const projectCloudUsage = useQuery({
    queryKey: keyOf(teamDbId, 'projectCloudUsage', range),
    queryFn: ({ signal }) =>
      call(statisticsRoutes.projectCloudUsage, input, { signal })
        .then((d) => d.data)
        .catch(silently('project cloud usage')),
    meta: { silent: true },
  });
  const activityCloudUsage = useQuery({
    queryKey: keyOf(teamDbId, 'activityCloudUsage', range),
    queryFn: ({ signal }) =>
      call(statisticsRoutes.activityCloudUsage, input, { signal })
        .then((d) => d.data)
        .catch(silently('activity cloud usage')),
    meta: { silent: true },
  });
  return { projectStorage, fileStorage, projectCloudUsage, activityCloudUsage };
}

import { Button, Container, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SUB_TEXT, UI } from '@rushes/shared';
import { useSelectedTeam } from '../../api/currentUser.ts';
import { PATHS } from '../../app/paths.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { useStatistics, type StatsRange } from './api.ts';

const StatisticsCharts = lazy(() => import('./StatisticsCharts.tsx'));

const PRESETS = [
  { value: 'all', label: SUB_TEXT.allTime, days: 0 },
  { value: '7', label: SUB_TEXT.last7, days: 7 },
  { value: '30', label: SUB_TEXT.last30, days: 30 },
  { value: '90', label: SUB_TEXT.last90, days: 90 },
] as const;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function rangeOf(preset: string): StatsRange {
  const days = PRESETS.find((p) => p.value === preset)?.days ?? 0;
  if (!days) return {};
  const end = new Date();
  const start = new Date(end.getTime() - (days - 1) * 86_400_000);
  return { start_date: isoDay(start), end_date: isoDay(end) };
}

/** /statistics (spec 002 §2, §7): storage and cloud usage of an admin team, by date range. */
export default function StatisticsPage() {
  const { team } = useSelectedTeam();
  const navigate = useNavigate();
  const location = useLocation();
  const [preset, setPreset] = useState<string>('all');
  const range = useMemo(() => rangeOf(preset), [preset]);
  const stats = useStatistics(team?.team_db_id ?? '', range);
  const back = () => (location.key === 'default' ? navigate(PATHS.home) : navigate(-1));
  const loading = Object.values(stats).some((q) => q.isPending);
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group>
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={back}>
            {UI.back}
          </Button>
        </Group>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {UI.statistics}
          </Title>
          <SegmentedControl
            aria-label={SUB_TEXT.dateRange}
            value={preset}
            onChange={setPreset}
            data={PRESETS.map((p) => ({ value: p.value, label: p.label }))}
          />
        </Group>
        {loading ? (
          <PageLoader />
        ) : (
          <Suspense fallback={<PageLoader />}>
            <StatisticsCharts
              projectStorage={stats.projectStorage.data ?? []}
              fileStorage={stats.fileStorage.data ?? []}
              projectCloudUsage={stats.projectCloudUsage.data ?? []}
              activityCloudUsage={stats.activityCloudUsage.data ?? []}
            />
          </Suspense>
        )}
      </Stack>
    </Container>
  );
}

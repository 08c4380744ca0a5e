import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { Card, ColorSwatch, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  SUB_TEXT,
  formatDay,
  formatNumber,
  type ActivityCloudUsageRow,
  type FileStorageRow,
  type ProjectCloudUsageRow,
  type ProjectStorageRow,
} from '@rushes/shared';

const MB = 1024 ** 2;
const mb = (bytes: number) => Math.round((bytes / MB) * 100) / 100;
const TYPE_COLORS: Record<string, string> = {
  video: 'blue.6',
  audio: 'grape.6',
  image: 'teal.6',
  other: 'gray.6',
};
const FILE_TYPE_LABELS: Record<string, string> = SUB_TEXT.fileTypes;
const en = (n: number) => formatNumber(Math.round(n * 100) / 100);

function ChartCard({ title, empty, children }: { title: string; empty: boolean; children: React.ReactNode }) {
  return (
    <Card withBorder padding="md" data-testid={`chart-${title}`}>
      <Stack gap="sm">
        <Text fw={700}>{title}</Text>
        {empty ? (
          <Text c="dimmed" size="sm">
            {SUB_TEXT.noData}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}

export interface StatisticsChartsProps {
  projectStorage: ProjectStorageRow[];
  fileStorage: FileStorageRow[];
  projectCloudUsage: ProjectCloudUsageRow[];
  activityCloudUsage: ActivityCloudUsageRow[];
}

/** The four statistics charts (Mantine charts on recharts), loaded on their own chunk. */
export default function StatisticsCharts(p: StatisticsChartsProps) {
  const files = p.fileStorage.filter((f) => f.storage_used > 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard title={SUB_TEXT.projectStorage} empty={!p.projectStorage.some((r) => r.storage_used > 0)}>
        <BarChart
          h={240}
          data={p.projectStorage.map((r) => ({ project: r.title, MB: mb(r.storage_used) }))}
          dataKey="project"
          withLegend
          series={[{ name: 'MB', color: 'blue.6' }]}
          valueFormatter={en}
        />
      </ChartCard>
      <ChartCard title={SUB_TEXT.fileStorage} empty={files.length === 0}>
        <DonutChart
          h={240}
          withLabelsLine
          withLabels
          data={files.map((f) => ({
            name: FILE_TYPE_LABELS[f.file_type] ?? f.file_type,
            value: mb(f.storage_used),
            color: TYPE_COLORS[f.file_type] ?? 'gray.6',
          }))}
          valueFormatter={(v) => `${en(v)} MB`}
        />
        <Group gap="md">
          {files.map((f) => (
            <Group key={f.file_type} gap={6}>
              <ColorSwatch
                size={12}
                color={`var(--mantine-color-${(TYPE_COLORS[f.file_type] ?? 'gray.6').replace('.', '-')})`}
              />
              <Text size="sm">
                {FILE_TYPE_LABELS[f.file_type] ?? f.file_type}: {en(mb(f.storage_used))} MB ·{' '}
                {SUB_TEXT.filesCount(formatNumber(f.files), f.files === 1)}
              </Text>
            </Group>
          ))}
        </Group>
      </ChartCard>
      <ChartCard title={SUB_TEXT.projectCloudUsage} empty={p.projectCloudUsage.length === 0}>
        <BarChart
          h={240}
          data={p.projectCloudUsage.map((r) => ({
            project: r.title,
            [SUB_TEXT.hours]: r.hours,
            [SUB_TEXT.psc]: r.psc,
          }))}
          dataKey="project"
          withLegend
          withRightYAxis
          series={[
            { name: SUB_TEXT.hours, color: 'teal.6' },
            { name: SUB_TEXT.psc, color: 'orange.6', yAxisId: 'right' },
          ]}
          valueFormatter={en}
        />
      </ChartCard>
      <ChartCard
        title={SUB_TEXT.activityCloudUsage}
        empty={!p.activityCloudUsage.some((r) => r.sessions > 0)}
      >
        <AreaChart
          h={240}
          data={p.activityCloudUsage.map((r) => ({ day: formatDay(r.date), [SUB_TEXT.hours]: r.hours }))}
          dataKey="day"
          series={[{ name: SUB_TEXT.hours, color: 'indigo.6' }]}
          valueFormatter={en}
          curveType="monotone"
        />
      </ChartCard>
    </SimpleGrid>
  );
}

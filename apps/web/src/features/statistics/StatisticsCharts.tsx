import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { Card, ColorSwatch, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { XAxis } from 'recharts';
import { AXIS_WIDTH_PX, axisLabel } from './axisLabel.ts';
import {
  SUB_TEXT,
  formatBytes,
  formatDay,
  formatNumber,
  type ActivityCloudUsageRow,
  type FileStorageRow,
  type ProjectCloudUsageRow,
  type ProjectStorageRow,
} from '@rushes/shared';

const TYPE_COLORS: Record<string, string> = {
  video: 'blue.6',
  audio: 'grape.6',
  image: 'teal.6',
  other: 'gray.6',
};
const FILE_TYPE_LABELS: Record<string, string> = SUB_TEXT.fileTypes;
const en = (n: number) => formatNumber(Math.round(n * 100) / 100);

/** One row per project: every project keeps its label however many there are. */
const STORAGE_ROW_PX = 34;
/** A row's tooltip starts at the card's left edge: a long name beside the cursor ran out of the card. */
const ROW_TOOLTIP = { position: { x: 0 } };
/**
 * Project Storage (spec 002 §3 Statistics state): horizontal bars, one row per project with its name
 * on the axis (a column chart dropped names that did not fit; a long one is cut in the middle), each
 * bar's size printed beside it, and every project's figure listed under the chart.
 */
function ProjectStorageChart({ rows }: { rows: ProjectStorageRow[] }) {
  return (
    <>
      <BarChart
        h={Math.max(160, rows.length * STORAGE_ROW_PX + 40)}
        data={rows.map((r) => ({ project: r.title, [SUB_TEXT.usedStorage]: r.storage_used }))}
        dataKey="project"
        orientation="vertical"
        yAxisProps={{ width: AXIS_WIDTH_PX, interval: 0, tickFormatter: axisLabel }}
        tooltipProps={ROW_TOOLTIP}
        barChartProps={{ margin: { right: 64 } }}
        series={[{ name: SUB_TEXT.usedStorage, color: 'blue.6' }]}
        valueFormatter={formatBytes}
        withBarValueLabel
      />
      <Stack gap={2} data-testid="project-storage-figures">
        {rows.map((r) => (
          <Text key={r.project_db_id} size="sm">
            {r.title}: {formatBytes(r.storage_used)} ·{' '}
            {SUB_TEXT.filesCount(formatNumber(r.total_assets), r.total_assets === 1)}
          </Text>
        ))}
      </Stack>
    </>
  );
}

/** Two bars a project (hours and PSC) need a taller row than one. */
const CLOUD_ROW_PX = 44;

/**
 * Project Cloud Usage: laid out like Project Storage (a column chart dropped the names of all but a
 * few projects once there were many): one row per project with its name on the axis (on two lines,
 * a longer one cut in the middle; whole in the row's tooltip and in the figures under the chart),
 * the hours and the PSC as two bars each printed with its figure. Hours and PSC are on different
 * scales, so each series has its own hidden axis; the printed figures carry the values.
 */
function ProjectCloudUsageChart({ rows }: { rows: ProjectCloudUsageRow[] }) {
  return (
    <>
      <BarChart
        h={Math.max(160, rows.length * CLOUD_ROW_PX + 60)}
        data={rows.map((r) => ({ project: r.title, [SUB_TEXT.hours]: r.hours, [SUB_TEXT.psc]: r.psc }))}
        dataKey="project"
        orientation="vertical"
        withLegend
        withXAxis={false}
        yAxisProps={{ width: AXIS_WIDTH_PX, interval: 0, tickFormatter: axisLabel }}
        tooltipProps={ROW_TOOLTIP}
        barChartProps={{ margin: { right: 56 } }}
        barProps={(s) => (s.name === SUB_TEXT.psc ? { xAxisId: 'psc' } : {})}
        series={[
          { name: SUB_TEXT.hours, color: 'teal.6' },
          { name: SUB_TEXT.psc, color: 'orange.6' },
        ]}
        valueFormatter={en}
        withBarValueLabel
      >
        <XAxis xAxisId="psc" type="number" hide />
      </BarChart>
      <Stack gap={2} data-testid="project-cloud-usage-figures">
        {rows.map((r) => (
          <Text key={r.project_db_id ?? r.title} size="sm">
            {r.title}: {SUB_TEXT.hours} {en(r.hours)} · {SUB_TEXT.psc} {en(r.psc)}
          </Text>
        ))}
      </Stack>
    </>
  );
}

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
        <ProjectStorageChart rows={p.projectStorage} />
      </ChartCard>
      <ChartCard title={SUB_TEXT.fileStorage} empty={files.length === 0}>
        <DonutChart
          h={240}
          withLabelsLine
          withLabels
          data={files.map((f) => ({
            name: FILE_TYPE_LABELS[f.file_type] ?? f.file_type,
            value: f.storage_used,
            color: TYPE_COLORS[f.file_type] ?? 'gray.6',
          }))}
          valueFormatter={formatBytes}
        />
        <Group gap="md">
          {files.map((f) => (
            <Group key={f.file_type} gap={6}>
              <ColorSwatch
                size={12}
                color={`var(--mantine-color-${(TYPE_COLORS[f.file_type] ?? 'gray.6').replace('.', '-')})`}
              />
              <Text size="sm">
                {FILE_TYPE_LABELS[f.file_type] ?? f.file_type}: {formatBytes(f.storage_used)} ·{' '}
                {SUB_TEXT.filesCount(formatNumber(f.files), f.files === 1)}
              </Text>
            </Group>
          ))}
        </Group>
      </ChartCard>
      <ChartCard title={SUB_TEXT.projectCloudUsage} empty={p.projectCloudUsage.length === 0}>
        <ProjectCloudUsageChart rows={p.projectCloudUsage} />
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

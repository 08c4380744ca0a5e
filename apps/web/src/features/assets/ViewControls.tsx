import { Group, SegmentedControl, Slider } from '@mantine/core';
import { IconLayoutGrid, IconList } from '@tabler/icons-react';
import { GRID_CARD_SIZE, GRID_TEXT, type AssetView } from '@rushes/shared';

interface ViewControlsProps {
  view: AssetView['view'];
  cardSize: number;
  onChange: (next: Partial<AssetView>) => void;
}

/** The List/Grid switch and, in the grid, the card-size slider. */
export function ViewControls({ view, cardSize, onChange }: ViewControlsProps) {
  return (
    <Group gap="sm" wrap="nowrap">
      {view === 'grid' && (
        <Slider
          aria-label={GRID_TEXT.cardSize}
          thumbLabel={GRID_TEXT.cardSize}
          w={120}
          size="sm"
          min={GRID_CARD_SIZE.min}
          max={GRID_CARD_SIZE.max}
          step={GRID_CARD_SIZE.step}
          value={cardSize}
          label={null}
          onChange={(value) => onChange({ card_size: value })}
        />
      )}
      <SegmentedControl
        aria-label={GRID_TEXT.layout}
        size="xs"
        value={view}
        onChange={(value) => onChange({ view: value === 'grid' ? 'grid' : 'list' })}
        data={[
          { value: 'list', label: <ViewLabel icon={<IconList size={16} />} text={GRID_TEXT.list} /> },
          { value: 'grid', label: <ViewLabel icon={<IconLayoutGrid size={16} />} text={GRID_TEXT.grid} /> },
        ]}
      />
    </Group>
  );
}

function ViewLabel({ icon, text }: { icon: React.ReactNode; text: string }) {
  return (
    <Group gap={4} wrap="nowrap" justify="center">
      {icon}
      <span>{text}</span>
    </Group>
  );
}

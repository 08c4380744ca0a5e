// Loaded by IdleTooltip after first paint: Mantine's Tooltip and floating-ui, apart from the page.
export { Tooltip } from '@mantine/core';

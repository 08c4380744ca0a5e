import type { PanelEntry, PanelPropsMap, PanelType } from './registry.ts';

/**
 * Every feature's side panels (`features/<f>/panels.ts`: its props merged into PanelPropsMap and
 * `panels: PanelsOf<…>` with their entries), collected here. This module loads with the drawer, on
 * the first panel opened (PanelHost), so eager: the panels' own code stays a lazy chunk each. A new
 * panel is a line in its feature's `panels.ts`, not here.
 */
const declared = import.meta.glob<Record<string, PanelEntry<never>>>('../../features/*/panels.ts', {
  eager: true,
  import: 'panels',
});

function collect(): Record<string, PanelEntry<never>> {
  const table: Record<string, PanelEntry<never>> = {};
  for (const [file, panels] of Object.entries(declared)) {
    for (const [type, entry] of Object.entries(panels)) {
      if (type in table) throw new Error(`${file}: the panel type ${type} is declared twice`);
      table[type] = entry;
    }
  }
  return table;
}

/**
 * The panels by type. Each feature's `PanelsOf` has an entry, typed with its props, for every type
 * it merges into PanelPropsMap, so the collected table has one for every PanelType.
 */
export const panelRegistry = collect() as unknown as { [K in PanelType]: PanelEntry<PanelPropsMap[K]> };

/** The title of an open panel. */
export function panelTitle(type: PanelType, props: object): string {
  const title = panelRegistry[type].title as string | ((p: object) => string);
  return typeof title === 'function' ? title(props) : title;
}

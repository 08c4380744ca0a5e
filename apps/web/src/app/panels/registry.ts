import type { ComponentType, LazyExoticComponent } from 'react';
import type { GuideSection } from '@rushes/shared';

/**
 * The side panels' types (spec 002 §2 Side panels). This file imports no feature: features import
 * PanelBaseProps and PanelsOf from here and usePanels from PanelContext.ts, and the table of panels
 * (panelTable.ts) collects the features' `panels.ts` — so no import cycle runs through the panels.
 */

/** What every panel receives besides its own props. */
export interface PanelBaseProps {
  close: () => void;
}

/**
 * The side panels by type and the props each takes: filled in by each feature's `panels.ts`
 * (declaration merging), which declares its panels' props in an interface of its own, merges it in
 * here and exports their entries as `panels: PanelsOf<ThatInterface>`:
 *
 *   interface ThingPanels { thingDetails: ThingDetailsPanelProps }
 *   declare module '../../app/panels/registry.ts' {
 *     interface PanelPropsMap extends ThingPanels {}
 *   }
 *   export const panels: PanelsOf<ThingPanels> = { thingDetails: { help, title, component } };
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PanelPropsMap {}

export type PanelType = keyof PanelPropsMap;

export interface PanelEntry<P> {
  /** The panel's title, fixed or from its props. */
  title: string | ((props: P) => string);
  /** The user guide section its ? button opens. */
  help: GuideSection;
  component: LazyExoticComponent<ComponentType<P & PanelBaseProps>>;
}

/** A feature's panels: an entry for each type it declares, each typed with that type's props. */
export type PanelsOf<Props> = { [K in keyof Props]: PanelEntry<Props[K]> };

import type { ComponentType, LazyExoticComponent } from 'react';
import type { GuideSection } from '@rushes/shared';

/**
 * The side panels' types (spec 002 §2 Side panels). This file imports no feature: features import
 * PanelBaseProps from here and usePanels from PanelContext.ts, and the table of panels
 * (panelTable.ts) imports the features — so no import cycle runs through the panels (issue 14).
 */

/** What every panel receives besides its own props. */
export interface PanelBaseProps {
  close: () => void;
}

/**
 * The side panels by type and the props each takes: filled in by panelTable.ts (declaration
 * merging), where a feature adds its panel — a props entry here and a {title, component} entry in
 * panelRegistry.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PanelPropsMap {}

export type PanelType = keyof PanelPropsMap;

export interface PanelEntry<P> {
  /** The panel's title, fixed or from its props. */
  title: string | ((props: P) => string);
  /** The user guide section its ? button opens (issue 23). */
  help: GuideSection;
  component: LazyExoticComponent<ComponentType<P & PanelBaseProps>>;
}

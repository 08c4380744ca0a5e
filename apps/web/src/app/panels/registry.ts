import { UI } from '@rushes/shared';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** What every panel receives besides its own props. */
export interface PanelBaseProps {
  close: () => void;
}

/**
 * The side panels by type (spec 002 §2 Side panels) and the props each takes. A feature adds its
 * panel here: a props entry in PanelPropsMap and a {title, component} entry in panelRegistry.
 */
export interface PanelPropsMap {
  accountSettings: Record<string, never>;
}

export type PanelType = keyof PanelPropsMap;

export interface PanelEntry<P> {
  title: string;
  component: LazyExoticComponent<ComponentType<P & PanelBaseProps>>;
}

export const panelRegistry: { [K in PanelType]: PanelEntry<PanelPropsMap[K]> } = {
  accountSettings: {
    title: UI.accountSettings,
    component: lazy(() => import('../../features/account/AccountSettingsPanel.tsx')),
  },
};

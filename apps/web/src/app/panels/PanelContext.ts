import { createContext, useContext } from 'react';
import type { PanelPropsMap, PanelType } from './registry.ts';

export interface PanelsApi {
  /** Open the right-hand panel of a type (replacing any open one). */
  open: <K extends PanelType>(type: K, props: PanelPropsMap[K]) => void;
  close: () => void;
}

export const PanelContext = createContext<PanelsApi | null>(null);

export function usePanels(): PanelsApi {
  const api = useContext(PanelContext);
  if (!api) throw new Error('usePanels is used outside the PanelHost');
  return api;
}

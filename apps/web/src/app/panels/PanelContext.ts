import { createContext, useContext } from 'react';
import type { PanelPropsMap, PanelType } from './registry.ts';

export interface PanelOptions {
  onClose?: () => void;
}

export interface PanelsApi {
  /**
   * Open the right-hand panel of a type (replacing any open one). onClose runs once when this
   * panel goes away (closed, or replaced by another), e.g. to drop a ?task= it was opened for.
   */
  open: <K extends PanelType>(type: K, props: PanelPropsMap[K], options?: PanelOptions) => void;
  close: () => void;
}

export const PanelContext = createContext<PanelsApi | null>(null);

export function usePanels(): PanelsApi {
  const api = useContext(PanelContext);
  if (!api) throw new Error('usePanels is used outside the PanelHost');
  return api;
}

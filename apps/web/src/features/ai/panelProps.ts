/**
 * The assistant panel's props, apart from the panel (the panel registry imports this file, so the
 * panel itself needs nothing of the registry or the panel host: no import cycle).
 */
export interface AssistantPanelProps {
  projectDbId: string;
  /** opens the project's brief panel (a brief the answer used) */
  openBrief: () => void;
}

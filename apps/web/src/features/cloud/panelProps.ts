/** The cloud panel's props (the panel registry imports this file, not the panel: no import cycle). */
export interface CloudPanelProps {
  projectDbId: string;
  taskDbId?: string | null;
}

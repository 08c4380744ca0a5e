import { StorageDetailsPanel } from './DetailsPanels.tsx';
export default StorageDetailsPanel;

import { PlanDetailsPanel } from './DetailsPanels.tsx';
export default PlanDetailsPanel;

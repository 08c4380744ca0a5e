import { UI } from '../../ui/pendingMessages.ts';
import { ComingLaterPage } from './ComingLaterPage.tsx';

export default function StatisticsPage() {
  return <ComingLaterPage title={UI.statistics} />;
}

import { UI } from '@rushes/shared';
import { ComingLaterPage } from './ComingLaterPage.tsx';

export default function StatisticsPage() {
  return <ComingLaterPage title={UI.statistics} />;
}

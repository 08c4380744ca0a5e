import { UI } from '@rushes/shared';
import { ComingLaterPage } from './ComingLaterPage.tsx';

export default function SubscriptionPage() {
  return <ComingLaterPage title={UI.subscription} />;
}

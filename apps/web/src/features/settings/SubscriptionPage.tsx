import { UI } from '../../ui/pendingMessages.ts';
import { ComingLaterPage } from './ComingLaterPage.tsx';

export default function SubscriptionPage() {
  return <ComingLaterPage title={UI.subscription} />;
}

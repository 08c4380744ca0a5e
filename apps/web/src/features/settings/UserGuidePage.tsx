import { UI } from '../../ui/pendingMessages.ts';
import { ComingLaterPage } from './ComingLaterPage.tsx';

export default function UserGuidePage() {
  return <ComingLaterPage title={UI.userGuide} />;
}

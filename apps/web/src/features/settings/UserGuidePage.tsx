import { UI } from '@rushes/shared';
import { ComingLaterPage } from './ComingLaterPage.tsx';

export default function UserGuidePage() {
  return <ComingLaterPage title={UI.userGuide} />;
}

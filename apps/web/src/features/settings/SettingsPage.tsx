import { UI } from '@rushes/shared';
import { ComingLaterPage } from './ComingLaterPage.tsx';

export default function SettingsPage() {
  return <ComingLaterPage title={UI.teamSettings} />;
}

import { UI } from '../../ui/pendingMessages.ts';
import { ComingLaterPage } from './ComingLaterPage.tsx';

export default function SettingsPage() {
  return <ComingLaterPage title={UI.teamSettings} />;
}

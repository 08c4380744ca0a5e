import { ModalsProvider } from '@mantine/modals';
import { Shell } from './Shell.tsx';

/**
 * The logged-in layout route, loaded on demand: the modal host (only logged-in screens open modals:
 * upgrade, team welcome) and the shell. Public pages such as /login load neither (issue 22).
 */
export default function ShellRoute() {
  return (
    <ModalsProvider>
      <Shell />
    </ModalsProvider>
  );
}

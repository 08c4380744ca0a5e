import { lazy, Suspense } from 'react';
import { useModalsWanted } from '../modalHost.ts';
import { Shell } from './Shell.tsx';

const ModalHost = lazy(() => import('./ModalHost.tsx'));

/**
 * The logged-in layout route, loaded on demand: the shell, and the modal host once a modal is asked
 * for (only logged-in screens open modals: upgrade, team welcome). Public pages such as /login load
 * neither.
 */
export default function ShellRoute() {
  const modalsWanted = useModalsWanted();
  return (
    <>
      <Shell />
      {modalsWanted && (
        <Suspense fallback={null}>
          <ModalHost />
        </Suspense>
      )}
    </>
  );
}

import { lazy, Suspense, useContext } from 'react';
import { LiveCallContext } from './liveCallContext.ts';

/** The bar's code loads only once a call is on (the shell's first load stays small). */
const LiveIndicatorBar = lazy(() => import('./LiveIndicatorBar.tsx'));

/** The top bar's slot for the live collaboration call's indicator: empty without a call. */
export function LiveIndicator() {
  const live = useContext(LiveCallContext);
  if (!live?.active || !live.view) return null;
  return (
    <Suspense fallback={null}>
      <LiveIndicatorBar />
    </Suspense>
  );
}

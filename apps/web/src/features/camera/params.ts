import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** The canonical camera tab value; 'cameraToEdit' is accepted and rewritten (docs/decisions/0026-camera-to-edit.md). */
export const CAMERA_TAB = 'camera-to-edit';
const ALIASES = new Set(['cameraToEdit']);
export const isCameraTab = (tab: string | null) => tab === CAMERA_TAB || ALIASES.has(tab ?? '');

/** ?tab=camera-to-edit&s={c2e_session_db_id}: the session shown, and how to change it. */
export function useCameraParams() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const sessionId = params.get('s');
  useEffect(() => {
    if (tab && ALIASES.has(tab))
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('tab', CAMERA_TAB);
          return next;
        },
        { replace: true },
      );
  }, [tab, setParams]);
  const setSession = (id: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('tab', CAMERA_TAB);
      if (id) next.set('s', id);
      else next.delete('s');
      return next;
    });
  return { sessionId, setSession };
}

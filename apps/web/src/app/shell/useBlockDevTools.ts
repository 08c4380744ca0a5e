import { useEffect } from 'react';

/** Spec 002 §2 Other: the right-click menu and the F12 key are blocked in the shell. */
export function useBlockDevTools(): void {
  useEffect(() => {
    const onContextMenu = (event: MouseEvent) => event.preventDefault();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F12') event.preventDefault();
    };
    document.addEventListener('contextmenu', onContextMenu);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('contextmenu', onContextMenu);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}

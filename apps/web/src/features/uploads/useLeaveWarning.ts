import { useEffect } from 'react';
import { MSG } from '@rushes/shared';
import { isUnfinished, useUploadItems } from './uploadItems.ts';

/**
 * The unsaved-upload warning (spec 002 §4): leaving or reloading the page asks first while any
 * upload is pending, in progress or paused (browsers show their own wording for beforeunload).
 */
export function useLeaveWarning(): void {
  const pending = useUploadItems().some(isUnfinished);
  useEffect(() => {
    if (!pending) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show this text; it is set anyway for them
      event.returnValue = MSG.uploadLeaveWarning;
      return MSG.uploadLeaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);
}

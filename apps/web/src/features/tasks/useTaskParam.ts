import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { usePanels } from '../../app/panels/PanelContext.ts';

/** The project page's query parameter that selects a task (spec 000 §2, 002 §2). */
export const TASK_PARAM = 'task';

/** /project/{project_db_id}?task={task_db_id}: the link a task card, a mail or a notification uses. */
export const taskPath = (projectDbId: string, taskDbId: string) =>
  `/project/${encodeURIComponent(projectDbId)}?${new URLSearchParams({ [TASK_PARAM]: taskDbId })}`;

/**
 * On the project page, ?task={id} opens that task's detail panel; when the panel goes away (closed,
 * or replaced by another panel) the parameter is dropped, so the address says what is open and a
 * second click on the same task opens it again.
 */
export function useTaskParam(projectDbId: string): void {
  const panels = usePanels();
  const [params, setParams] = useSearchParams();
  const taskDbId = params.get(TASK_PARAM);
  const mounted = useRef(true);
  // the setter changes with every address change; only a new task id should reopen the panel
  const setParamsRef = useRef(setParams);
  useEffect(() => {
    setParamsRef.current = setParams;
  }, [setParams]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!taskDbId) return;
    panels.open(
      'taskDetail',
      { projectDbId, taskDbId },
      {
        onClose: () => {
          // the page may be gone (the user went home with the panel open): leave that address alone
          if (!mounted.current) return;
          setParamsRef.current(
            (prev) => {
              if (prev.get(TASK_PARAM) !== taskDbId) return prev;
              const next = new URLSearchParams(prev);
              next.delete(TASK_PARAM);
              return next;
            },
            { replace: true },
          );
        },
      },
    );
  }, [taskDbId, projectDbId, panels]);
}

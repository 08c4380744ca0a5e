import {
  IconListDetails,
  IconMessage,
  IconPencil,
  IconShare,
  IconTransfer,
  type TablerIcon,
} from '@tabler/icons-react';
import { UI, type Task } from '@rushes/shared';
import type { PanelsApi } from '../../app/panels/PanelContext.ts';
import type { ContextMenuItem } from '../../ui/ContextMenu.tsx';

/**
 * The task operations that open a panel (DESIGN §7 "Actions shared by menus and shortcuts"): defined
 * once here, read by the task detail panel's buttons and the task cards' right-click menu. Complete and
 * delete ask in a dialog of the detail panel, so the menu reaches them through Task Details.
 */
export interface TaskAction {
  id: 'details' | 'chat' | 'edit' | 'transfer' | 'share';
  label: string;
  icon: TablerIcon;
  enabled: (task: Task) => boolean;
  run: (panels: PanelsApi, task: Task) => void;
}

const ids = (task: Task) => ({ projectDbId: task.project_db_id, taskDbId: task.task_db_id });

export const TASK_ACTIONS: readonly TaskAction[] = [
  {
    id: 'details',
    label: UI.taskDetails,
    icon: IconListDetails,
    enabled: () => true,
    run: (panels, task) => panels.open('taskDetail', ids(task)),
  },
  {
    id: 'chat',
    label: UI.chat,
    icon: IconMessage,
    enabled: () => true,
    run: (panels, task) => panels.open('taskChat', { ...ids(task), title: task.task_type_label }),
  },
  {
    id: 'edit',
    label: UI.edit,
    icon: IconPencil,
    enabled: (task) => task.can_edit,
    run: (panels, task) => panels.open('taskForm', ids(task)),
  },
  {
    id: 'transfer',
    label: UI.transferTask,
    icon: IconTransfer,
    enabled: (task) => task.can_request_transfer,
    run: (panels, task) => panels.open('transferTask', ids(task)),
  },
  {
    // sharing the project's files for the task: its settings are the editor's (spec 002 §6)
    id: 'share',
    label: UI.shareAsset,
    icon: IconShare,
    enabled: (task) => !task.is_completed,
    run: (panels, task) =>
      panels.open('shareAsset', {
        projectDbId: task.project_db_id,
        assets: [],
        task: { taskDbId: task.task_db_id },
      }),
  },
];

export const taskAction = (id: TaskAction['id']) => TASK_ACTIONS.find((a) => a.id === id)!;

/** The right-click menu of a task card: the actions this user may take on it. */
export function taskMenuItems(panels: PanelsApi, task: Task): ContextMenuItem[] {
  return TASK_ACTIONS.filter((a) => a.enabled(task)).map((a) => ({
    id: a.id,
    label: a.label,
    icon: a.icon,
    run: () => a.run(panels, task),
  }));
}

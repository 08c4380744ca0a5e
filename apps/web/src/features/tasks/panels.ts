import { UI } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';
import type { BriefPanelProps } from './BriefPanel.tsx';
import type { TaskChatPanelProps } from './chat/TaskChatPanel.tsx';
import type { TaskDetailPanelProps } from './TaskDetailPanel.tsx';
import type { TaskFormPanelProps } from './TaskFormPanel.tsx';
import type { TaskListPanelProps } from './TaskListPanel.tsx';
import type { TaskTransferPanelProps } from './TaskTransferPanel.tsx';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface TaskPanels {
  /** add/update brief (spec 000 §2 Project brief) */
  projectBrief: BriefPanelProps;
  /** the project's tasks; ?task= selects one (spec 000 §2) */
  taskList: TaskListPanelProps;
  /** create task, update task */
  taskForm: TaskFormPanelProps;
  taskDetail: TaskDetailPanelProps;
  /** chat (Task Chat) */
  taskChat: TaskChatPanelProps;
  transferTask: TaskTransferPanelProps;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends TaskPanels {}
}

export const panels: PanelsOf<TaskPanels> = {
  projectBrief: {
    help: 'brief',
    title: UI.projectBrief,
    component: lazy(withChunkTimeout(() => import('./BriefPanel.tsx'))),
  },
  taskList: {
    help: 'tasks',
    title: UI.tasks,
    component: lazy(withChunkTimeout(() => import('./TaskListPanel.tsx'))),
  },
  taskForm: {
    help: 'tasks',
    title: (props) => (props.taskDbId ? UI.updateTask : UI.createTask),
    component: lazy(withChunkTimeout(() => import('./TaskFormPanel.tsx'))),
  },
  taskDetail: {
    help: 'tasks',
    title: UI.taskDetails,
    component: lazy(withChunkTimeout(() => import('./TaskDetailPanel.tsx'))),
  },
  taskChat: {
    help: 'chat',
    title: UI.taskChat,
    component: lazy(withChunkTimeout(() => import('./chat/TaskChatPanel.tsx'))),
  },
  transferTask: {
    help: 'tasks',
    title: UI.transferTask,
    component: lazy(withChunkTimeout(() => import('./TaskTransferPanel.tsx'))),
  },
};

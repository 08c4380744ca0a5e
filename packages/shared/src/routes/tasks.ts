import { API } from '../api.ts';
import { messageData } from '../envelope.ts';
import { projectQuery } from '../schemas/projects.ts';
import {
  chatCounters,
  chatHistory,
  chatHistoryQuery,
  chatProjectBody,
  sendChatBody,
  sentChat,
} from '../schemas/chat.ts';
import {
  answerTransferBody,
  completeTaskBody,
  createTaskBody,
  deleteTaskBody,
  resendTaskInviteBody,
  sendTaskChatBody,
  sentTaskChat,
  task,
  taskChatCounters,
  taskChatHistory,
  taskChatQuery,
  taskDeletedAnswer,
  taskListQuery,
  taskMessageAnswer,
  taskPage,
  taskQuery,
  taskSaved,
  taskTrayPage,
  taskTrayQuery,
  taskTypesAnswer,
  transferRequestBody,
  updateTaskBody,
} from '../schemas/tasks.ts';
import { defineRoutes } from './define.ts';

/** Tasks (spec 000 §7 Tasks); tasks.policy.ts says who may. */
export const tasksRoutes = defineRoutes('tasks', {
  types: { method: 'GET', path: API.tasks.types, response: taskTypesAnswer, policy: 'self' },
  list: {
    method: 'GET',
    path: API.tasks.root,
    query: taskListQuery,
    response: taskPage,
    policy: 'projects.canViewProject',
  },
  create: {
    method: 'POST',
    path: API.tasks.root,
    body: createTaskBody,
    response: taskSaved,
    policy: 'projects.canViewProject',
  },
  update: {
    method: 'PUT',
    path: API.tasks.root,
    body: updateTaskBody,
    response: taskSaved,
    policy: 'tasks.canManageTask',
  },
  remove: {
    method: 'DELETE',
    path: API.tasks.root,
    body: deleteTaskBody,
    response: taskDeletedAnswer,
    policy: 'tasks.canDeleteTask',
  },
  detail: {
    method: 'GET',
    path: API.tasks.detail,
    query: taskQuery,
    response: task,
    policy: 'tasks.canReadTask',
  },
  complete: {
    method: 'PUT',
    path: API.tasks.complete,
    body: completeTaskBody,
    response: taskMessageAnswer,
    policy: 'tasks.canManageTask',
  },
  resendInvite: {
    method: 'PUT',
    path: API.tasks.resendInvite,
    body: resendTaskInviteBody,
    response: messageData,
    policy: 'tasks.canManageTask',
  },
  requestTransfer: {
    method: 'POST',
    path: API.tasks.transfer,
    body: transferRequestBody,
    response: taskMessageAnswer,
    policy: 'tasks.canRequestTransfer',
  },
  answerTransfer: {
    method: 'PUT',
    path: API.tasks.transfer,
    body: answerTransferBody,
    response: taskMessageAnswer,
    policy: 'tasks.canManageTask',
  },
  trays: {
    method: 'GET',
    path: API.tasks.trays,
    query: taskTrayQuery,
    response: taskTrayPage,
    policy: 'self',
  },
});

/** Task chat (spec 000 §7 Task messages): whoever may read the task. */
export const taskChatRoutes = defineRoutes('task chat', {
  history: {
    method: 'GET',
    path: API.tasks.chat,
    query: taskChatQuery,
    response: taskChatHistory,
    policy: 'tasks.canReadTask',
  },
  send: {
    method: 'POST',
    path: API.tasks.chat,
    body: sendTaskChatBody,
    response: sentTaskChat,
    policy: 'tasks.canReadTask',
  },
  seen: {
    method: 'PUT',
    path: API.tasks.chatSeen,
    body: taskQuery,
    response: taskChatCounters,
    policy: 'tasks.canReadTask',
  },
});

/** Project chat (spec 000 §7): project members. */
export const chatRoutes = defineRoutes('chat', {
  history: {
    method: 'GET',
    path: API.chat.root,
    query: chatHistoryQuery,
    response: chatHistory,
    policy: 'projects.canViewProject',
  },
  send: {
    method: 'POST',
    path: API.chat.root,
    body: sendChatBody,
    response: sentChat,
    policy: 'projects.canViewProject',
  },
  seen: {
    method: 'PUT',
    path: API.chat.seen,
    body: chatProjectBody,
    response: chatCounters,
    policy: 'projects.canViewProject',
  },
  counters: {
    method: 'GET',
    path: API.chat.counters,
    query: projectQuery,
    response: chatCounters,
    policy: 'projects.canViewProject',
  },
});

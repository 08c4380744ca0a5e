import { z } from 'zod';
import {
  BRIEF_LIMIT,
  HOME_TRAY_PAGE_SIZE,
  TASK_CHAT_PAGE_SIZE,
  TASK_DESCRIPTION_LIMIT,
  TASK_LIST_PAGE_SIZE,
  TRANSFER_REASON_LIMIT,
} from '../rules/constants.ts';
import { MSG, charLimit } from '../rules/messages.ts';
import {
  SELECTABLE_TASK_TYPES,
  TASK_STATUSES,
  TASK_TRAY_NAMES,
  isValidDueDate,
  parseDueDate,
} from '../rules/tasks.ts';
import { isTimeZone } from '../rules/text.ts';
import { chatDateGroup, chatMessage, chatText, timeZone } from './chat.ts';
import { email, uuid } from './fields.ts';

/**
 * Project brief, tasks, task chat and task trays (spec 000 §3, §4, §5, §7; 002 §2, §3). Field
 * names are the spec's. Validation messages: 'This field is required', 'Enter valid date',
 * 'No tags allowed'.
 */

// ---- brief ----

/** Anything that looks like an HTML tag: '<b>', '</p>', '<img src=x>', '<!-- -->' (not 'a < b > c'). */
export const HTML_TAG_PATTERN = /<\/?[A-Za-z][^<>]*>|<!--/;

export const briefText = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(BRIEF_LIMIT, charLimit(BRIEF_LIMIT))
    .refine((v) => !HTML_TAG_PATTERN.test(v), MSG.noTagsAllowed);

/** PUT brief: project_db_id and data {title, brief}; title is the project's, echoed, not stored. */
export const updateBriefBody = z.object({
  project_db_id: uuid(),
  data: z.object({ title: z.string().max(200).optional(), brief: briefText() }),
});
export type UpdateBriefBody = z.infer<typeof updateBriefBody>;

export const projectBrief = z.object({
  project_db_id: z.string(),
  title: z.string(),
  /** '' when none was written yet */
  brief: z.string(),
  updated_by: z.object({ user_id: z.string(), name: z.string() }).nullable(),
  updated_on: z.string().nullable(),
  can_edit: z.boolean(),
});
export type ProjectBrief = z.infer<typeof projectBrief>;

// ---- task requests ----

const requiredText = (max: number) =>
  z.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, charLimit(max));

/** A due date: empty → 'This field is required'; no real date → 'Enter valid date'. */
export const dueDateText = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    // An empty value already answered 'This field is required'.
    .refine((v) => v === '' || parseDueDate(v) !== null, MSG.enterValidDate);

const taskFields = {
  project_db_id: uuid(),
  /** 'create' or 'update' (spec 000 §7 form_action); the method decides, this is accepted for the spec. */
  form_action: z.enum(['create', 'update']).optional(),
  task_type: z.enum(SELECTABLE_TASK_TYPES, { error: MSG.required }),
  /** An existing project member (the picker) … */
  assigned_to: uuid().optional(),
  /** … or a typed e-mail (spec 000 §5 Assignee): invited to the project by mail. */
  user_email: email().optional(),
  /** 'dd MMM yyyy' (as the spec sends it) or 'yyyy-mm-dd'; today or later in `tz`. */
  expire_at: dueDateText(),
  description: requiredText(TASK_DESCRIPTION_LIMIT),
  /** The user's IANA time zone: decides 'today' and the end of the due day. */
  tz: timeZone(),
};

type Loose = Record<string, unknown>;
/** The body as a record: these rules also run on a body that is not an object (null, a list…). */
const fieldsOf = (v: unknown): Loose => (v !== null && typeof v === 'object' ? (v as Loose) : {});
/**
 * Exactly one assignee; the due date not in the past (in the user's time zone). `when` lets these
 * run even while other fields fail, so a form shows every message at once.
 */
const always = { when: () => true };
function withTaskRules<T extends z.ZodType>(schema: T) {
  return schema
    .refine((v) => Boolean(fieldsOf(v).assigned_to || fieldsOf(v).user_email), {
      ...always,
      path: ['assigned_to'],
      message: MSG.required,
    })
    .refine((v) => !(fieldsOf(v).assigned_to && fieldsOf(v).user_email), {
      ...always,
      path: ['user_email'],
      message: MSG.pickOneAssignee,
    })
    .refine(
      (v) => {
        const { expire_at, tz } = fieldsOf(v);
        const day = typeof expire_at === 'string' ? parseDueDate(expire_at) : null;
        // An unknown zone is answered on tz itself; judge the date in UTC meanwhile.
        const zone = typeof tz === 'string' && isTimeZone(tz) ? tz : 'UTC';
        return !day || isValidDueDate(day, zone);
      },
      { ...always, path: ['expire_at'], message: MSG.enterValidDate },
    );
}

export const createTaskBody = withTaskRules(z.object(taskFields));
export type CreateTaskBody = z.infer<typeof createTaskBody>;

export const updateTaskBody = withTaskRules(z.object({ ...taskFields, task_db_id: uuid() }));
export type UpdateTaskBody = z.infer<typeof updateTaskBody>;

export const taskQuery = z.object({ task_db_id: uuid() });

/** Task list of a project, newest first, keyset-paged (next_cursor → cursor). */
export const taskListQuery = z.object({
  project_db_id: uuid(),
  entries_per_page: z.coerce.number().int().min(1).max(50).default(TASK_LIST_PAGE_SIZE),
  page_no: z.coerce.number().int().min(1).default(1),
  cursor: z.string().max(200).optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuery>;

/** PUT complete (spec 000 §7): task_db_id, role (editor, accepted for the spec). */
/** Deleting a task: the assigner, or the project's creator or an admin (docs/decisions/0014-behaviours-settled-by-user-trial.md). */
export const deleteTaskBody = z.object({ project_db_id: uuid(), task_db_id: uuid() });

export const completeTaskBody = z.object({ task_db_id: uuid(), role: z.string().max(30).optional() });

/** PUT resend a task invitation (spec 000 §7). */
export const resendTaskInviteBody = z.object({
  project_db_id: uuid(),
  task_db_id: uuid(),
  user_email: email(),
  role: z.string().max(30).optional(),
});

/** POST a transfer request (spec 000 §7): msg is the reason, required. */
export const transferRequestBody = z.object({
  project_db_id: uuid(),
  task_db_id: uuid(),
  msg: requiredText(TRANSFER_REASON_LIMIT),
});

/**
 * PUT answer a transfer request (the assigner). accept: the task goes to the new assignee
 * (assigned_to or user_email, required) and the requester leaves it; decline: the request is cleared.
 */
export const answerTransferBody = z
  .object({
    task_db_id: uuid(),
    action: z.enum(['accept', 'decline']),
    assigned_to: uuid().optional(),
    user_email: email().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'accept' && !v.assigned_to && !v.user_email) {
      ctx.addIssue({ code: 'custom', path: ['assigned_to'], message: MSG.required });
    }
    if (v.assigned_to && v.user_email) {
      ctx.addIssue({ code: 'custom', path: ['user_email'], message: MSG.pickOneAssignee });
    }
  });
export type AnswerTransferBody = z.infer<typeof answerTransferBody>;

// ---- task answers ----

const person = z.object({ user_id: z.string(), name: z.string() });

/** A task as the caller sees it (spec 000 §3 Task); the can_* flags say what the caller may do. */
export const task = z.object({
  task_db_id: z.string(),
  project_db_id: z.string(),
  project_title: z.string(),
  task_type: z.string(),
  task_type_label: z.string(),
  task_status: z.enum(TASK_STATUSES),
  /** 'Pending' | 'In Progress' | 'Completed' | 'Expired' | 'Transfer Request' */
  task_status_label: z.string(),
  is_completed: z.boolean(),
  is_transfer_request: z.boolean(),
  transfer_message: z.string().nullable(),
  transfer_requested_by: person.nullable(),
  /** ISO instant: the end of the due day */
  expire_at: z.string(),
  /** The due day, 'yyyy-mm-dd' as chosen */
  due_date: z.string(),
  description: z.string(),
  assigned_by: person,
  assigned_to_user_profiles: z.array(person),
  /** invited e-mails not yet members */
  invited_team_members: z.array(z.string()),
  unread_messages: z.number(),
  /**
   * The task chat's chats_count that unread_messages was counted at (read in the same statement).
   * It only grows, so of two copies of a task the one with the higher count is newer (at an equal
   * count, the lower unread: last_seen_count only grows too); clients keep the newest.
   */
  chats_count: z.number(),
  created_on: z.string(),
  updated_on: z.string(),
  completed_on: z.string().nullable(),
  can_edit: z.boolean(),
  can_complete: z.boolean(),
  /** the assigner, or the project's creator or an admin */
  can_delete: z.boolean(),
  can_request_transfer: z.boolean(),
  can_answer_transfer: z.boolean(),
  can_chat: z.boolean(),
});
export type Task = z.infer<typeof task>;

export const taskTypeOption = z.object({ title: z.string(), field: z.string(), can_select: z.boolean() });
export const taskTypesAnswer = z.object({ task_types: z.array(taskTypeOption) });

export const taskPage = z.object({
  total_entries: z.number(),
  data: z.array(task),
  next_cursor: z.string().nullable(),
});
export type TaskPage = z.infer<typeof taskPage>;

export const taskSaved = z.object({ message: z.string(), task_db_id: z.string(), task });
export const taskMessageAnswer = z.object({ message: z.string(), task });
export const taskDeletedAnswer = z.object({ message: z.string(), task_db_id: z.string() });

// ---- home trays ----

export const taskTrayQuery = z.object({
  tray_name: z.enum(TASK_TRAY_NAMES),
  entries_per_page: z.coerce.number().int().min(1).max(50).default(HOME_TRAY_PAGE_SIZE),
  page_no: z.coerce.number().int().min(1).default(1),
  cursor: z.string().max(200).optional(),
});
export type TaskTrayQuery = z.infer<typeof taskTrayQuery>;

export const taskTrayPage = z.object({
  field: z.enum(TASK_TRAY_NAMES),
  data: z.array(task),
  total_entries: z.number(),
  next_cursor: z.string().nullable(),
});
export type TaskTrayPage = z.infer<typeof taskTrayPage>;

// ---- task chat ----

/** A task chat message: the project chat's message plus task_id (so the shared grouping rule applies). */
export const taskChatMessage = chatMessage.extend({ task_id: z.string() });
export type TaskChatMessage = z.infer<typeof taskChatMessage>;

/** History page: 10 per page; `page_no` and `before` as the project chat's (one chat core, chat.ts). */
export const taskChatQuery = z.object({
  task_db_id: uuid(),
  entries_per_page: z.coerce.number().int().min(1).max(100).default(TASK_CHAT_PAGE_SIZE),
  page_no: z.coerce.number().int().min(1).default(1),
  before: z.string().max(100).optional(),
  tz: timeZone(),
});
export type TaskChatQuery = z.infer<typeof taskChatQuery>;

export const sendTaskChatBody = z.object({ task_db_id: uuid(), text: chatText() });
export type SendTaskChatBody = z.infer<typeof sendTaskChatBody>;

export const taskChatHistory = z.object({
  task_db_id: z.string(),
  total_entries: z.number(),
  next_before: z.string().nullable(),
  messages: z.array(chatDateGroup),
});
export type TaskChatHistory = z.infer<typeof taskChatHistory>;

export const taskChatCounters = z.object({
  task_db_id: z.string(),
  chats_count: z.number(),
  last_seen_count: z.number(),
  unread: z.number(),
});
export type TaskChatCounters = z.infer<typeof taskChatCounters>;

export const sentTaskChat = z.object({ message: taskChatMessage, chats_count: z.number() });

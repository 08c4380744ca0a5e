import { formatDate } from './format.ts';

/**
 * Tasks, approvals and reviews (spec 000 §3, §4; 002 §3): the task type catalogue, statuses with
 * their labels, approval status codes, and the due-date rule shared by the server and the web form.
 */

/** Task types (spec 000 §3 Task type option: title, field, can_select). Decided in docs/decisions/0008-tasks-and-approvals.md. */
export const TASK_TYPES = [
  { field: 'editing', title: 'Editing', can_select: true },
  { field: 'color_grading', title: 'Color Grading', can_select: true },
  { field: 'sound_design', title: 'Sound Design', can_select: true },
  { field: 'motion_graphics', title: 'Motion Graphics', can_select: true },
  { field: 'subtitles', title: 'Subtitles', can_select: true },
  { field: 'ingest', title: 'Ingest', can_select: true },
  { field: 'other', title: 'Other', can_select: true },
  // Created from an asset's approval or review request, never picked in the task form.
  { field: 'task_approval', title: 'Approval', can_select: false },
  { field: 'task_review', title: 'Review', can_select: false },
] as const;
export type TaskTypeField = (typeof TASK_TYPES)[number]['field'];
export const SELECTABLE_TASK_TYPES = [
  'editing',
  'color_grading',
  'sound_design',
  'motion_graphics',
  'subtitles',
  'ingest',
  'other',
] as const;
export type SelectableTaskType = (typeof SELECTABLE_TASK_TYPES)[number];

export const taskTypeLabel = (field: string) => TASK_TYPES.find((t) => t.field === field)?.title ?? field;

/** Task status codes (002 §3 task status colours use these names). */
export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'expired'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Status labels (spec 000 §4). */
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
  expired: 'Expired',
};
export const TRANSFER_REQUEST_LABEL = 'Transfer Request';

/** The label shown for a task: 'Transfer Request' while a transfer is asked (and the task is open). */
export const taskStatusLabel = (t: { task_status: TaskStatus; is_transfer_request: boolean }) =>
  t.is_transfer_request && t.task_status !== 'completed'
    ? TRANSFER_REQUEST_LABEL
    : TASK_STATUS_LABELS[t.task_status];

/** Approval and review requests on an asset (spec 000 §3 Task request). */
export const TASK_REQUEST_TYPES = ['task_approval', 'task_review'] as const;
export type TaskRequestType = (typeof TASK_REQUEST_TYPES)[number];

/** Asset approval status codes (002 §3) and their labels. */
export const APPROVAL_STATUS_CODES = [0, 1, 2, 3] as const;
export type ApprovalStatusCode = (typeof APPROVAL_STATUS_CODES)[number];
export const APPROVAL_STATUS_LABELS: Record<ApprovalStatusCode, string> = {
  0: 'No Status',
  1: 'In Progress',
  2: 'Needs Review',
  3: 'Approved',
};

/**
 * What the person asked decides from the player and the review page (002 §4: In Progress, Needs
 * Review, Approved); No Status stays in the request panel's select only.
 */
export const APPROVAL_DECISIONS = [1, 2, 3] as const satisfies readonly ApprovalStatusCode[];

/** Home task trays (002 §2): My Tasks = tasks I assigned; Assigned Tasks = tasks assigned to me. */
export const TASK_TRAY_NAMES = ['my_tasks', 'assigned_tasks'] as const;
export type TaskTrayName = (typeof TASK_TRAY_NAMES)[number];

// ---- due dates ----

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A due date as the spec sends it ('dd MMM yyyy', e.g. '05 Mar 2024') or as ISO 'yyyy-mm-dd'.
 * Answers 'yyyy-mm-dd', or null when it is no real calendar date.
 */
export function parseDueDate(text: string): string | null {
  const s = text.trim();
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  const spec = /^(\d{1,2}) ([A-Za-z]{3}) (\d{4})$/.exec(s);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (spec) {
    const mi = MONTHS.findIndex((x) => x.toLowerCase() === spec[2].toLowerCase());
    if (mi < 0) return null;
    [y, m, d] = [Number(spec[3]), mi + 1, Number(spec[1])];
  } else return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** 'yyyy-mm-dd' of today in a time zone. */
export function todayIn(timeZone = 'UTC', now: Date | number = Date.now()): string {
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return fmt.format(now);
}

/** A due date is valid when it is a real date and not before today in the user's time zone. */
export const isValidDueDate = (day: string, timeZone = 'UTC', now: Date | number = Date.now()) =>
  day >= todayIn(timeZone, now);

/**
 * The instant a task with this due day expires: the end of that day in the user's time zone (the
 * task may be worked on through its whole due day).
 */
export function expiryInstant(day: string, timeZone = 'UTC'): Date {
  const [y, m, d] = day.split('-').map(Number);
  // Midnight after the due day, as UTC, then corrected by the zone's offset at that moment.
  const utcGuess = Date.UTC(y, m - 1, d + 1);
  const offsetMs = zoneOffsetMs(utcGuess, timeZone);
  const candidate = utcGuess - offsetMs;
  // Around a DST change the offset at the candidate may differ: correct once more.
  return new Date(utcGuess - zoneOffsetMs(candidate, timeZone));
}

function zoneOffsetMs(at: number, timeZone: string): number {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const p: Record<string, number> = {};
  for (const part of fmt.formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
}

/** The due day shown for a stored expiry: the day before its end-of-day instant, as dd MMM yyyy. */
export const formatDueDate = (expireAt: Date | string | number, timeZone?: string) =>
  formatDate(new Date(new Date(expireAt).getTime() - 1), timeZone);

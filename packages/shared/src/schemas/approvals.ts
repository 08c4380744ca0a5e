import { z } from 'zod';
import { REQUEST_COMMENT_LIMIT, REQUEST_PEOPLE_MAX, USER_SEARCH_MIN } from '../rules/constants.ts';
import { MSG, charLimit } from '../rules/messages.ts';
import { APPROVAL_STATUS_CODES, TASK_REQUEST_TYPES } from '../rules/tasks.ts';
import { email, uuid } from './fields.ts';

/**
 * Approval and review requests on an asset (spec 000 §3 Task request, §4, §6, §7) and the asset's
 * approval status (002 §3: No Status 0, In Progress 1, Needs Review 2, Approved 3).
 */

/** GET the requests of an asset (action is accepted for the spec; task_type narrows). */
export const taskRequestsQuery = z.object({
  ingest_db_id: uuid(),
  action: z.string().max(30).optional(),
  task_type: z.enum(TASK_REQUEST_TYPES).optional(),
});

/** POST a request: people (project members) and/or typed e-mails (invited by mail), a comment. */
export const createTaskRequestBody = z
  .object({
    ingest_db_id: uuid(),
    user_ids: z.array(uuid()).max(REQUEST_PEOPLE_MAX).default([]),
    user_emails: z.array(email()).max(REQUEST_PEOPLE_MAX).default([]),
    task_type: z.enum(TASK_REQUEST_TYPES, { error: MSG.required }),
    comment: z
      .string({ error: MSG.required })
      .trim()
      .min(1, MSG.required)
      .max(REQUEST_COMMENT_LIMIT, charLimit(REQUEST_COMMENT_LIMIT)),
    /** The selected team, accepted for the spec; access is the project's. */
    team_id: z.string().max(64).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.user_ids.length + v.user_emails.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['user_ids'], message: MSG.required });
    }
  });
export type CreateTaskRequestBody = z.infer<typeof createTaskRequestBody>;

/**
 * GET people to ask on an asset (spec 000 §7 'User search for these: filters, search_text,
 * team_id'): the users of the project's team and the project's members, from 3 characters.
 */
export const reviewerSearchQuery = z.object({
  ingest_db_id: uuid(),
  search_text: z.string().trim().min(USER_SEARCH_MIN, MSG.noUserFound).max(100, MSG.charLimit100),
  /** The selected team, accepted for the spec; the project's own team is searched. */
  team_id: z.string().max(64).optional(),
  /** accepted for the spec; nothing filters by it yet */
  filters: z.string().max(200).optional(),
});
export type ReviewerSearchQuery = z.infer<typeof reviewerSearchQuery>;

export const reviewerSearchResult = z.object({
  users: z.array(
    z.object({
      user_id: z.string(),
      name: z.string(),
      /** a member of the project; if not, asking them adds them to it as a reviewer */
      in_project: z.boolean(),
    }),
  ),
});
export type ReviewerSearchResult = z.infer<typeof reviewerSearchResult>;

/** PUT removes one invited user from a request: by user_db_id or by user_email (creator only). */
export const removeRequestUserBody = z
  .object({
    task_request_db_id: uuid(),
    user_db_id: uuid().optional(),
    user_email: email().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.user_db_id === !v.user_email) {
      ctx.addIssue({ code: 'custom', path: ['user_db_id'], message: MSG.required });
    }
  });
export type RemoveRequestUserBody = z.infer<typeof removeRequestUserBody>;

/** PUT resend the invitation mail to an invited e-mail of a request. */
export const resendRequestInviteBody = z.object({ task_request_db_id: uuid(), user_email: email() });

/** PUT the asset's approval status (reviewers of the asset). */
export const setApprovalStatusBody = z.object({
  ingest_db_id: uuid(),
  approval_status: z.union(APPROVAL_STATUS_CODES.map((c) => z.literal(c))),
});
export type SetApprovalStatusBody = z.infer<typeof setApprovalStatusBody>;

const person = z.object({ user_id: z.string(), name: z.string() });

export const taskRequest = z.object({
  task_request_db_id: z.string(),
  ingest_db_id: z.string(),
  project_db_id: z.string(),
  task_type: z.enum(TASK_REQUEST_TYPES),
  comment: z.string(),
  created_by: person,
  created_on: z.string(),
  /** people asked (project members) */
  users: z.array(person),
  /** invited e-mails not yet members */
  invited: z.array(z.string()),
  /** the caller created it: may remove invited users and resend invitations */
  can_remove: z.boolean(),
});
export type TaskRequest = z.infer<typeof taskRequest>;

export const taskRequestList = z.object({
  ingest_db_id: z.string(),
  approval_status: z.number(),
  /** the caller is asked in one of the requests: may set the approval status */
  can_set_status: z.boolean(),
  requests: z.array(taskRequest),
});
export type TaskRequestList = z.infer<typeof taskRequestList>;

export const taskRequestSaved = z.object({ message: z.string(), task_request: taskRequest });
export const approvalStatusSaved = z.object({
  message: z.string(),
  ingest_db_id: z.string(),
  approval_status: z.number(),
});

import {
  BOOT_ELEMENT_ID,
  currentUser,
  projectCard,
  task as taskSchema,
  type CurrentUser,
  type ProjectCard,
  type Task,
} from '@rushes/shared';

/** A team as check-login lists it in the user's teams. */
export const team = (id: string, personal: boolean) => ({
  team_db_id: id,
  team_id: id.toUpperCase(),
  name: id,
  is_admin: true,
  is_personal: personal,
  no_of_users: 1,
  created_on: '2026-01-01T00:00:00.000Z',
  is_active: true,
  subscription: 'free',
  two_factor_authentication_enabled: false,
});

/** The user as check-login answers it (checked against the shared schema): Ann, in a personal team and 'studio'. */
export const makeUser = (over: Partial<CurrentUser> = {}): CurrentUser =>
  currentUser.parse({
    user_id: 'u1',
    name: 'Ann Lee',
    first_name: 'Ann',
    last_name: 'Lee',
    username: 'ann',
    email: 'ann@example.com',
    user_badge_color: '#f00',
    waiting_time: 0,
    is_subscription_upgrade_in_progress: false,
    two_factor_authentication_enabled: false,
    is_two_factor_authentication_enabled_by_team: false,
    organisation_db_id: 'o1',
    teams: [team('personal', true), team('studio', false)],
    last_team_db_id: null,
    ...over,
  });

const ann = { user_id: 'u1', name: 'Ann' };

/** A task as the API answers it (checked against the shared schema), made and assigned by Ann. */
export const makeTask = (id: string, over: Partial<Task> = {}): Task =>
  taskSchema.parse({
    task_db_id: id,
    project_db_id: 'project-1',
    project_title: 'Film',
    task_type: 'edit',
    task_type_label: 'Edit',
    task_status: 'pending',
    task_status_label: 'Pending',
    is_completed: false,
    is_transfer_request: false,
    transfer_message: null,
    transfer_requested_by: null,
    expire_at: '2026-02-01T23:59:59.000Z',
    due_date: '2026-02-01',
    description: `Task ${id}`,
    assigned_by: ann,
    assigned_to_user_profiles: [ann],
    invited_team_members: [],
    unread_messages: 0,
    chats_count: 0,
    created_on: '2026-01-01T00:00:00.000Z',
    updated_on: '2026-01-01T00:00:00.000Z',
    completed_on: null,
    can_edit: true,
    can_complete: true,
    can_delete: true,
    can_request_transfer: false,
    can_answer_transfer: false,
    can_chat: true,
    ...over,
  });

/** A project's card as the trays route answers it (checked against the shared schema), Ann's project. */
export const makeProjectCard = (id: string, over: Partial<ProjectCard> = {}): ProjectCard =>
  projectCard.parse({
    project_db_id: id,
    project_id: `P-${id}`,
    team_db_id: 't1',
    title: `Project ${id}`,
    storage_used: 0,
    total_assets: 0,
    created_on: '2026-01-01T00:00:00.000Z',
    role: 'creator',
    creator: ann,
    avatars: [],
    no_of_members: 1,
    unread_chats: 0,
    ...over,
  });

/** What the server writes into a logged-in page's index.html for takeBootData to read. */
export function bootElement(text: string): void {
  const el = document.createElement('script');
  el.id = BOOT_ELEMENT_ID;
  el.type = 'application/json';
  el.textContent = text;
  document.body.append(el);
}

-- The plan and permission catalogues (mirrors packages/shared rules/plans.ts and rules/permissions.ts;
-- a test checks they agree). Insert-only: later edits in the database are kept.
INSERT INTO "plans" ("code","title","amount","is_free","is_enterprise","is_team_plan","team_limit","collaborators_limit","project_limit","no_of_concurrent_systems","machine_hour_limit","storage_gb","amount_per_gb_storage","storage_size_addition_step") VALUES
  ('free', 'Free', 0, true, false, false, 1, 3, 3, 1, 5, 10, 0, 0),
  ('pro', 'Pro', 1499, false, false, false, 3, 10, 25, 2, 50, 500, 2, 100),
  ('team', 'Team', 4999, false, false, true, 10, 50, 100, 5, 200, 2000, 2, 500),
  ('sme', 'SME', 14999, false, false, true, 25, 200, 500, 10, 1000, 10000, 1.5, 1000),
  ('enterprise', 'Enterprise', 0, false, true, true, NULL, NULL, NULL, NULL, NULL, 50000, 1, 1000)
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "permissions" ("code","title","sort_order") VALUES
  ('added_as_team_owner', 'Team owner (all permissions)', 1),
  ('can_manage_members', 'Add and remove members', 2),
  ('can_edit_member_permissions', 'Edit member permissions', 3),
  ('can_update_team', 'Edit team details', 4),
  ('can_delete_team', 'Delete team', 5),
  ('can_manage_billing', 'Manage billing details', 6),
  ('can_manage_subscription', 'Manage subscription', 7),
  ('can_view_app_integration', 'View app integrations', 8),
  ('can_create_projects', 'Create projects', 9)
ON CONFLICT ("code") DO NOTHING;

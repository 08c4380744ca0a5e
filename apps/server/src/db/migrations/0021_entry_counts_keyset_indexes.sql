CREATE TABLE "asset_entries" (
	"container_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "in_stack" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "messages_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_entries" ADD CONSTRAINT "asset_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_entries_project_idx" ON "asset_entries" USING btree ("project_id");--> statement-breakpoint
-- Issue 22: listed entries per container and messages per conversation, kept by statement triggers
-- in the transaction that writes the rows (cascades and bulk inserts included); hourly jobs correct drift.
UPDATE "assets" a SET "in_stack" = true WHERE EXISTS (SELECT 1 FROM "asset_versions" v WHERE v."asset_id" = a."id");--> statement-breakpoint
INSERT INTO "asset_entries" ("container_id", "project_id", "entries")
  SELECT coalesce("parent_id", "project_id"), "project_id", count(*) FILTER (WHERE NOT "in_stack")::int
  FROM "assets" GROUP BY 1, 2;--> statement-breakpoint
UPDATE "chat_conversations" c SET "messages_count" = (SELECT count(*)::int FROM "chat_messages" m WHERE m."conversation_id" = c."id");--> statement-breakpoint
CREATE FUNCTION "asset_entries_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO asset_entries AS e (container_id, project_id, entries)
    SELECT coalesce(parent_id, project_id), project_id, count(*)::int FROM new_rows
    WHERE NOT in_stack GROUP BY 1, 2 ORDER BY 1
  ON CONFLICT (container_id) DO UPDATE SET entries = e.entries + excluded.entries;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "asset_entries_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE asset_entries e SET entries = e.entries - d.n
    FROM (SELECT coalesce(parent_id, project_id) AS c, count(*)::int AS n FROM old_rows
          WHERE NOT in_stack GROUP BY 1) d
    WHERE e.container_id = d.c;
  DELETE FROM asset_entries WHERE container_id IN (SELECT id FROM old_rows WHERE is_folder);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "asset_entries_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS MATERIALIZED (
    SELECT o.parent_id AS op, o.project_id AS oj, o.in_stack AS os,
           n.id, n.is_folder, n.parent_id AS np, n.project_id AS nj, n.in_stack AS ns
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.parent_id IS DISTINCT FROM n.parent_id OR o.project_id <> n.project_id OR o.in_stack <> n.in_stack
  ), folders AS (
    -- a folder that changed project takes its own count row along
    UPDATE asset_entries e SET project_id = m.nj FROM moved m
    WHERE m.is_folder AND m.oj <> m.nj AND e.container_id = m.id
  )
  INSERT INTO asset_entries AS e (container_id, project_id, entries)
    SELECT c, (array_agg(p))[1], sum(d)::int FROM (
      SELECT coalesce(op, oj) AS c, oj AS p, -1 AS d FROM moved WHERE NOT os
      UNION ALL
      SELECT coalesce(np, nj), nj, 1 FROM moved WHERE NOT ns
    ) x GROUP BY c HAVING sum(d) <> 0 ORDER BY c
  ON CONFLICT (container_id) DO UPDATE SET entries = e.entries + excluded.entries;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "asset_entries_insert" AFTER INSERT ON "assets" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "asset_entries_on_insert"();--> statement-breakpoint
CREATE TRIGGER "asset_entries_delete" AFTER DELETE ON "assets" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "asset_entries_on_delete"();--> statement-breakpoint
CREATE TRIGGER "asset_entries_update" AFTER UPDATE ON "assets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "asset_entries_on_update"();--> statement-breakpoint
CREATE FUNCTION "asset_versions_mark"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE assets a SET in_stack = true FROM new_rows v WHERE a.id = v.asset_id AND NOT a.in_stack;
  ELSE
    -- an asset deleted in the same cascade is no longer visible here: nothing to give back
    UPDATE assets a SET in_stack = false FROM old_rows v
      WHERE a.id = v.asset_id AND a.in_stack
        AND NOT EXISTS (SELECT 1 FROM asset_versions x WHERE x.asset_id = a.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "asset_versions_mark_insert" AFTER INSERT ON "asset_versions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "asset_versions_mark"();--> statement-breakpoint
CREATE TRIGGER "asset_versions_mark_delete" AFTER DELETE ON "asset_versions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "asset_versions_mark"();--> statement-breakpoint
CREATE FUNCTION "chat_messages_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE chat_conversations c SET messages_count = c.messages_count + d.n
      FROM (SELECT conversation_id AS id, count(*)::int AS n FROM new_rows GROUP BY 1) d WHERE c.id = d.id;
  ELSE
    UPDATE chat_conversations c SET messages_count = c.messages_count - d.n
      FROM (SELECT conversation_id AS id, count(*)::int AS n FROM old_rows GROUP BY 1) d WHERE c.id = d.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_messages_count_insert" AFTER INSERT ON "chat_messages" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "chat_messages_count"();--> statement-breakpoint
CREATE TRIGGER "chat_messages_count_delete" AFTER DELETE ON "chat_messages" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "chat_messages_count"();

--> statement-breakpoint
DROP INDEX "notifications_user_team_created_idx";--> statement-breakpoint
DROP INDEX "asset_shares_tray_idx";--> statement-breakpoint
DROP INDEX "task_assignees_user_created_idx";--> statement-breakpoint
DROP INDEX "tasks_project_created_idx";--> statement-breakpoint
DROP INDEX "tasks_assigner_created_idx";--> statement-breakpoint
DROP INDEX "ai_conversations_user_project_idx";--> statement-breakpoint
DROP INDEX "ai_turns_conversation_created_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_team_created_idx" ON "notifications" USING btree ("user_id","team_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "asset_shares_tray_idx" ON "asset_shares" USING btree ("shared_with_user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "task_assignees_user_created_idx" ON "task_assignees" USING btree ("user_id","created_at" DESC NULLS FIRST,"task_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_project_created_idx" ON "tasks" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_assigner_created_idx" ON "tasks" USING btree ("assigned_by","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ai_conversations_user_project_idx" ON "ai_conversations" USING btree ("user_id","project_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ai_turns_conversation_created_idx" ON "ai_turns" USING btree ("conversation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "project_members_shared_tray_idx" ON "project_members" USING btree ("user_id","created_at" DESC NULLS FIRST,"project_id" DESC NULLS FIRST) WHERE "project_members"."role" in ('admin', 'collaborator');

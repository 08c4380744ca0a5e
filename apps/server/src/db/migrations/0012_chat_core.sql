CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid,
	"chats_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_conversations_owner_check" CHECK (("chat_conversations"."kind" <> 'project' or ("chat_conversations"."owner_id" = "chat_conversations"."project_id" and "chat_conversations"."task_id" is null)) and ("chat_conversations"."kind" <> 'task' or "chat_conversations"."owner_id" = "chat_conversations"."task_id"))
);
--> statement-breakpoint
CREATE TABLE "chat_seen" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_seen_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_seen_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
-- Issue 14, one chat core: the project chats and task chats move into one conversation table, one
-- message table and one seen table. Every message, counter and seen record is kept; each message
-- gets seq, its place in the conversation, counted so that the newest message's seq is chats_count.
INSERT INTO "chat_conversations" ("kind", "owner_id", "project_id", "task_id", "chats_count")
SELECT 'project', p."id", p."id", NULL, greatest(coalesce(c."chats_count", 0), coalesce(m."n", 0))
FROM "projects" p
LEFT JOIN "project_chat_counters" c ON c."project_id" = p."id"
LEFT JOIN (SELECT "project_id", count(*)::int AS "n" FROM "chat_messages" GROUP BY "project_id") m ON m."project_id" = p."id"
WHERE c."project_id" IS NOT NULL OR m."project_id" IS NOT NULL
   OR EXISTS (SELECT 1 FROM "project_chat_seen" s WHERE s."project_id" = p."id");--> statement-breakpoint
INSERT INTO "chat_conversations" ("kind", "owner_id", "project_id", "task_id", "chats_count")
SELECT 'task', t."id", t."project_id", t."id", greatest(coalesce(c."chats_count", 0), coalesce(m."n", 0))
FROM "tasks" t
LEFT JOIN "task_chat_counters" c ON c."task_id" = t."id"
LEFT JOIN (SELECT "task_id", count(*)::int AS "n" FROM "task_chat_messages" GROUP BY "task_id") m ON m."task_id" = t."id"
WHERE c."task_id" IS NOT NULL OR m."task_id" IS NOT NULL
   OR EXISTS (SELECT 1 FROM "task_chat_seen" s WHERE s."task_id" = t."id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "seq" integer;--> statement-breakpoint
UPDATE "chat_messages" m SET "conversation_id" = r."conversation_id", "seq" = r."seq"
FROM (
  SELECT x."id", c."id" AS "conversation_id",
         c."chats_count" - count(*) OVER (PARTITION BY x."project_id")
           + row_number() OVER (PARTITION BY x."project_id" ORDER BY x."created_at", x."id") AS "seq"
  FROM "chat_messages" x
  JOIN "chat_conversations" c ON c."kind" = 'project' AND c."owner_id" = x."project_id"
) r
WHERE r."id" = m."id";--> statement-breakpoint
INSERT INTO "chat_messages" ("id", "conversation_id", "seq", "project_id", "user_id", "text", "created_at")
SELECT x."id", c."id",
       c."chats_count" - count(*) OVER (PARTITION BY x."task_id")
         + row_number() OVER (PARTITION BY x."task_id" ORDER BY x."created_at", x."id"),
       c."project_id", x."user_id", x."text", x."created_at"
FROM "task_chat_messages" x
JOIN "chat_conversations" c ON c."kind" = 'task' AND c."owner_id" = x."task_id";--> statement-breakpoint
INSERT INTO "chat_seen" ("conversation_id", "user_id", "last_seen_count")
SELECT c."id", s."user_id", s."last_seen_count"
FROM "project_chat_seen" s
JOIN "chat_conversations" c ON c."kind" = 'project' AND c."owner_id" = s."project_id";--> statement-breakpoint
INSERT INTO "chat_seen" ("conversation_id", "user_id", "last_seen_count")
SELECT c."id", s."user_id", s."last_seen_count"
FROM "task_chat_seen" s
JOIN "chat_conversations" c ON c."kind" = 'task' AND c."owner_id" = s."task_id";--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "conversation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_seen" ADD CONSTRAINT "chat_seen_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_seen" ADD CONSTRAINT "chat_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_kind_owner_key" ON "chat_conversations" USING btree ("kind","owner_id");--> statement-breakpoint
CREATE INDEX "chat_conversations_project_idx" ON "chat_conversations" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "chat_conversations_task_idx" ON "chat_conversations" USING btree ("task_id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_conversation_seq_key" ON "chat_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
DROP TABLE "project_chat_counters" CASCADE;--> statement-breakpoint
DROP TABLE "project_chat_seen" CASCADE;--> statement-breakpoint
DROP TABLE "task_chat_counters" CASCADE;--> statement-breakpoint
DROP TABLE "task_chat_messages" CASCADE;--> statement-breakpoint
DROP TABLE "task_chat_seen" CASCADE;--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_project_id_projects_id_fk";--> statement-breakpoint
DROP INDEX "chat_messages_project_created_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "project_id";

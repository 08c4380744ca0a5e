ALTER TABLE "upload_sessions" DROP CONSTRAINT "upload_sessions_user_id_users_id_fk";

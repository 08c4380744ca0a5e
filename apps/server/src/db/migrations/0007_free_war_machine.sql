ALTER TABLE "upload_sessions" DROP CONSTRAINT "upload_sessions_project_id_projects_id_fk";

-- A change to what an access token check reads about its user (the account active, the password's time) is
-- announced with NOTIFY user_auth_changed and the user's id, so that every server process on this database
-- forgets the state it keeps for that user (services/authStates.ts).
CREATE OR REPLACE FUNCTION "notify_user_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_auth_changed', OLD."id"::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_notify_auth_changed" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD."is_active" IS DISTINCT FROM NEW."is_active" OR OLD."password_changed_at" IS DISTINCT FROM NEW."password_changed_at" OR OLD."id" IS DISTINCT FROM NEW."id")
  EXECUTE FUNCTION "notify_user_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_auth_deleted" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_user_auth_changed"();

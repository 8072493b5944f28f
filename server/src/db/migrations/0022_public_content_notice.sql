-- The public cache's change notice without the shared version row (issue 24, item 1): every statement on a table
-- behind the public responses used to bump the one row of public_content_version and then NOTIFY, so every
-- participant write of every course queued on that row until its transaction ended, and the lock order of places.ts
-- had to name it. No code read the number: the NOTIFY alone tells each process to drop its cache
-- (services/publicCache.ts). The triggers of migrations 0001, 0007 and 0015 keep calling the function, renamed for
-- what it does now.
CREATE OR REPLACE FUNCTION "bump_public_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_content_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
ALTER FUNCTION "bump_public_content_version"() RENAME TO "notify_public_content_changed";
--> statement-breakpoint
DROP TABLE "public_content_version";

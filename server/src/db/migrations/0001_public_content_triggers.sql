-- Every write to a table behind the public (cached) responses bumps one version row and announces it
-- with NOTIFY, so that every server process on this database drops its public cache (services/publicCache.ts).
INSERT INTO "public_content_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_public_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_version bigint;
BEGIN
  UPDATE "public_content_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO new_version;
  PERFORM pg_notify('public_content_changed', new_version::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  table_name text;
BEGIN
  FOREACH table_name IN ARRAY ARRAY[
    'authors', 'courses', 'course_authors', 'prices', 'lessons', 'participants', 'feedback', 'quotations',
    'library_categories', 'library_items', 'library_item_categories', 'library_item_courses', 'pages_content'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_content_version"()',
      table_name || '_bump_public_content_version', table_name
    );
  END LOOP;
END
$$;

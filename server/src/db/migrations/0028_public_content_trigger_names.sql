-- The triggers that tell every process of a write to a table behind the public responses (migrations 0001, 0007 and
-- 0015) kept the name of what they did before migration 0022: they bump no version now, they call
-- "notify_public_content_changed"() (services/publicCache.ts). Renamed after it; what they do is unchanged.
DO $$
DECLARE
  table_name text;
BEGIN
  FOREACH table_name IN ARRAY ARRAY[
    'authors', 'courses', 'course_authors', 'prices', 'lessons', 'participants', 'feedback', 'quotations',
    'library_categories', 'library_items', 'library_item_categories', 'library_item_courses', 'pages_content',
    'mailing_subscriptions', 'seller'
  ] LOOP
    EXECUTE format(
      'ALTER TRIGGER %I ON %I RENAME TO %I',
      table_name || '_bump_public_content_version', table_name, table_name || '_notify_public_content_changed'
    );
  END LOOP;
END
$$;

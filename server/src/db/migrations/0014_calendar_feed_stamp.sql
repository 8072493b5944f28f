-- A calendar feed address belongs to the password it was made under (services/calendarFeed.ts): it opens the feed
-- only while the user's password_changed_at is the one stored with it, so a password change or a reset ends it as it
-- ends the tokens, and the address asked for next is a new one. The addresses there are now keep working.
ALTER TABLE "calendar_feeds" ADD COLUMN "password_changed_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "calendar_feeds" SET "password_changed_at" = "users"."password_changed_at" FROM "users" WHERE "users"."id" = "calendar_feeds"."user_id";
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ALTER COLUMN "password_changed_at" SET NOT NULL;

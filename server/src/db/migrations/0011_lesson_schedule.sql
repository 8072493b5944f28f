-- Live webinars (issue 13): a lesson's start, its room and recording links, and the iCalendar SEQUENCE bumped
-- when its time changes; the zone the authors enter a course's lesson times in; each user's personal calendar feed.
ALTER TABLE "lessons" ADD COLUMN "starts_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "room_url" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "recording_url" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "lessons_starts_at_idx" ON "lessons" USING btree ("starts_at") WHERE "starts_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "time_zone" text DEFAULT 'Europe/Moscow' NOT NULL;
--> statement-breakpoint
-- The secret of a user's feed address (GET /api/v1/calendar/{token}.ics); a new one replaces it (the old address
-- stops working).
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
-- What a user's feed last told their calendar about each lesson, so that a lesson which leaves the feed (cancelled,
-- unpublished, unscheduled, deleted, or the place given up or refunded) is sent once more as STATUS:CANCELLED
-- instead of silently vanishing. No foreign key to lessons: a deleted lesson is remembered too.
CREATE TABLE "calendar_feed_events" (
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"course_title" text NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration" integer NOT NULL,
	"sequence" integer NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "calendar_feed_events_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id"),
	CONSTRAINT "calendar_feed_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);

-- Recorded lectures (issue 34): how a course is taught and how long its recordings stay open, each lesson's uploaded
-- recording (the row is also the processing job, claimed with FOR UPDATE SKIP LOCKED as the letters are), where each
-- person stopped watching, and the windows an author extended for one person. The videos themselves are never here:
-- they are files under DATA_DIR or objects in S3 (docs/RECORDINGS.md).
ALTER TABLE "courses" ADD COLUMN "format" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_format_known" CHECK ("courses"."format" IN ('live', 'recorded'));--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "recording_days" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_recording_days_range" CHECK ("courses"."recording_days" IS NULL OR "courses"."recording_days" BETWEEN 1 AND 3650);--> statement-breakpoint
CREATE TABLE "lesson_recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"generation" text NOT NULL,
	"state" text NOT NULL,
	"user_id" integer,
	"author_id" integer,
	"upload_id" text,
	"file_name" text DEFAULT '' NOT NULL,
	"upload_size" bigint NOT NULL,
	"size" bigint,
	"duration" integer,
	"reason" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	CONSTRAINT "lesson_recordings_generation_unique" UNIQUE("generation"),
	CONSTRAINT "lesson_recordings_upload_id_unique" UNIQUE("upload_id"),
	CONSTRAINT "lesson_recordings_state_known" CHECK ("lesson_recordings"."state" IN ('uploading', 'processing', 'ready', 'failed')),
	CONSTRAINT "lesson_recordings_upload_size_positive" CHECK ("lesson_recordings"."upload_size" > 0)
);
--> statement-breakpoint
ALTER TABLE "lesson_recordings" ADD CONSTRAINT "lesson_recordings_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_recordings" ADD CONSTRAINT "lesson_recordings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_recordings" ADD CONSTRAINT "lesson_recordings_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_recordings_one_pending_idx" ON "lesson_recordings" USING btree ("lesson_id") WHERE "lesson_recordings"."state" IN ('uploading', 'processing', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_recordings_one_ready_idx" ON "lesson_recordings" USING btree ("lesson_id") WHERE "lesson_recordings"."state" = 'ready';--> statement-breakpoint
CREATE INDEX "lesson_recordings_due_idx" ON "lesson_recordings" USING btree ("next_attempt_at","id") WHERE "lesson_recordings"."state" = 'processing';--> statement-breakpoint
CREATE INDEX "lesson_recordings_author_idx" ON "lesson_recordings" USING btree ("author_id");--> statement-breakpoint
CREATE TABLE "recording_positions" (
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"furthest" integer DEFAULT 0 NOT NULL,
	"first_watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recording_positions_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id"),
	CONSTRAINT "recording_positions_seconds_range" CHECK ("recording_positions"."seconds" >= 0 AND "recording_positions"."furthest" >= 0)
);
--> statement-breakpoint
ALTER TABLE "recording_positions" ADD CONSTRAINT "recording_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_positions" ADD CONSTRAINT "recording_positions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_positions_lesson_idx" ON "recording_positions" USING btree ("lesson_id");--> statement-breakpoint
CREATE TABLE "recording_access_extensions" (
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recording_access_extensions_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "recording_access_extensions" ADD CONSTRAINT "recording_access_extensions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_access_extensions" ADD CONSTRAINT "recording_access_extensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_access_extensions" ADD CONSTRAINT "recording_access_extensions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Whether a lesson has a ready recording is part of the public course answers (services/publicCache.ts): every write
-- tells every process, as the other tables behind those answers do.
CREATE TRIGGER "lesson_recordings_notify_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lesson_recordings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_content_changed"();

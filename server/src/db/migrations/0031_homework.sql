-- Homework between the lessons (issue 35, docs/HOMEWORK.md): a lesson's assignment, participants' answers (one open per
-- lesson and person: a draft or sent and waiting), their files (the bytes in the recordings' storage) and when each
-- author's daily digest of new answers was last queued.
CREATE TABLE "homework_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "homework_answers_state_check" CHECK ("homework_answers"."state" IN ('draft', 'submitted', 'accepted', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "homework_digests" (
	"author_user_id" integer PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homework_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"answer_id" integer NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "assignment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "assignment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "assignment_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "homework_answers" ADD CONSTRAINT "homework_answers_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_answers" ADD CONSTRAINT "homework_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_answers" ADD CONSTRAINT "homework_answers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_digests" ADD CONSTRAINT "homework_digests_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_files" ADD CONSTRAINT "homework_files_answer_id_homework_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."homework_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "homework_answers_lesson_user_idx" ON "homework_answers" USING btree ("lesson_id","user_id");--> statement-breakpoint
CREATE INDEX "homework_answers_user_idx" ON "homework_answers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "homework_answers_waiting_idx" ON "homework_answers" USING btree ("submitted_at") WHERE "homework_answers"."state" = 'submitted';--> statement-breakpoint
CREATE UNIQUE INDEX "homework_answers_one_open" ON "homework_answers" USING btree ("lesson_id","user_id") WHERE "homework_answers"."state" IN ('draft', 'submitted');--> statement-breakpoint
CREATE INDEX "homework_files_answer_idx" ON "homework_files" USING btree ("answer_id");
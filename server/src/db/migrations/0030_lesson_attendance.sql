-- Who came to a lesson's room (issue 35, docs/ATTENDANCE.md): the join link records the first and last join and
-- how many times the person went through it, one row per lesson and person.
CREATE TABLE "lesson_attendance" (
	"lesson_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"first_joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joins" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "lesson_attendance_lesson_id_user_id_pk" PRIMARY KEY("lesson_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "lesson_attendance" ADD CONSTRAINT "lesson_attendance_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_attendance" ADD CONSTRAINT "lesson_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_attendance_user_idx" ON "lesson_attendance" USING btree ("user_id");

-- The school's statistics (issue 37, docs/STATS.md): views of the public pages counted per page and day (never per
-- person), and the indexes the money, funnel and attendance aggregates read through.
CREATE TABLE "page_views" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"course_id" integer,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_day_path_pk" PRIMARY KEY("day","path"),
	CONSTRAINT "page_views_views_non_negative" CHECK ("page_views"."views" >= 0)
);
--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_views_course_day_idx" ON "page_views" USING btree ("course_id","day") WHERE "page_views"."course_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_lessons_lesson_idx" ON "payment_lessons" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "refunds_completed_at_idx" ON "refunds" USING btree ("completed_at") WHERE "refunds"."state" = 'succeeded';

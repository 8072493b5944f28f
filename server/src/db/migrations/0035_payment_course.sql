-- The course of a payment on its row (issue 37, docs/STATS.md «Speed»): the statistics group thousands of payments by
-- course and zone, and finding each one's course through its first lesson cost a lookup per payment. A payment names
-- lessons of one course; the trigger sets the column from the first payment_lessons row written for it, whoever
-- writes it, and the existing payments are filled here.
ALTER TABLE "payments" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_course_paid_at_idx" ON "payments" USING btree ("course_id","paid_at") WHERE "payments"."paid_at" IS NOT NULL;--> statement-breakpoint
UPDATE "payments" p SET "course_id" = (
	SELECT l."course_id" FROM "payment_lessons" pl JOIN "lessons" l ON l."id" = pl."lesson_id" WHERE pl."payment_id" = p."id" ORDER BY pl."lesson_id" LIMIT 1
);--> statement-breakpoint
CREATE FUNCTION "payment_course_from_lesson"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "payments" SET "course_id" = (SELECT "course_id" FROM "lessons" WHERE "id" = NEW."lesson_id")
	WHERE "id" = NEW."payment_id" AND "course_id" IS NULL;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payment_lessons_set_payment_course" AFTER INSERT ON "payment_lessons"
	FOR EACH ROW EXECUTE FUNCTION "payment_course_from_lesson"();

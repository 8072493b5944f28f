-- The consent records of issue 20 (docs/PRIVACY.md): the sign-up's consent to the processing of personal data and a
-- course's news consent, given and withdrawn, each with the policy version, the source (where it was given), the
-- client address and user agent (cut to 500 characters), recorded in the transaction of the change it records. The code only inserts:
-- rows are never updated or deleted while the account exists (they go with the account). A news record's course_id is emptied when its course is
-- deleted.
CREATE TABLE "consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"course_id" integer,
	"action" text NOT NULL,
	"policy_version" text NOT NULL,
	"source" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "consents_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "consents_kind_known" CHECK ("consents"."kind" IN ('processing', 'news')),
	CONSTRAINT "consents_action_known" CHECK ("consents"."action" IN ('given', 'withdrawn')),
	CONSTRAINT "consents_source_known" CHECK ("consents"."source" IN ('signup', 'course-page', 'account', 'payment', 'unsubscribe-link')),
	CONSTRAINT "consents_course_of_news" CHECK ("consents"."kind" = 'news' OR "consents"."course_id" IS NULL),
	CONSTRAINT "consents_user_agent_length" CHECK (char_length("consents"."user_agent") <= 500)
);
--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id", "id");

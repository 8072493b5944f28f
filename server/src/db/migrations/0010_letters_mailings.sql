-- Letters go through a durable queue (services/letterQueue.ts): each is recorded here in the transaction of the
-- change that causes it and sent by a background worker, with retries and backoff. A worker claims due rows with
-- FOR UPDATE SKIP LOCKED and a lease (locked_until): several processes share the work, and the claims of a process
-- that died come back when their lease is over.
-- An author's letter to a course's news subscribers or participants (routes/mutabo/mailings.ts); its letters are
-- rows of outbox_letters with its id.
CREATE TABLE "mailings" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer,
	"audience" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mailings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "mailings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "mailings_audience_known" CHECK ("mailings"."audience" IN ('subscribers', 'participants', 'test'))
);
--> statement-breakpoint
CREATE INDEX "mailings_course_idx" ON "mailings" USING btree ("course_id", "id");
--> statement-breakpoint
-- A letter to send. subject, text and html are null only for a letter composed when it is sent (an approval, which
-- gathers the approvals of one person and course that come in a burst: gather_key, payload). dedupe_key makes a
-- letter that must go once per fact (a receipt per payment, a mailing's letter per person) recorded once. A sent
-- letter keeps its recipient and subject, not its body (account letters carry live links).
CREATE TABLE "outbox_letters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"recipient" text,
	"user_id" integer,
	"subject" text,
	"text" text,
	"html" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mailing_id" integer,
	"dedupe_key" text,
	"gather_key" text,
	"payload" jsonb,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_letters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "outbox_letters_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "outbox_letters_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "outbox_letters_state_known" CHECK ("outbox_letters"."state" IN ('pending', 'sent', 'failed', 'dropped'))
);
--> statement-breakpoint
CREATE INDEX "outbox_letters_due_idx" ON "outbox_letters" USING btree ("next_attempt_at", "id") WHERE "state" = 'pending';
--> statement-breakpoint
CREATE INDEX "outbox_letters_mailing_idx" ON "outbox_letters" USING btree ("mailing_id", "id") WHERE "mailing_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "outbox_letters_gather_idx" ON "outbox_letters" USING btree ("gather_key") WHERE "state" = 'pending' AND "gather_key" IS NOT NULL;
--> statement-breakpoint
-- Wakes the workers of every process (LISTEN outbox_letters) once per statement, however many letters it queued.
CREATE FUNCTION "notify_outbox_letters"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('outbox_letters', '');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "outbox_letters_queued" AFTER INSERT ON "outbox_letters" FOR EACH STATEMENT EXECUTE FUNCTION "notify_outbox_letters"();

-- Messages in Telegram (issue 36, docs/TELEGRAM.md): the chat bound to an account (one each way), the single-use
-- binding codes of the deep link (kept as their SHA-256), and each person's channels per kind of message.
CREATE TABLE "notification_choices" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"choices" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_telegram" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_telegram_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "outbox_telegram_state_known" CHECK ("outbox_telegram"."state" IN ('pending', 'sent', 'failed', 'dropped', 'rerouted'))
);
--> statement-breakpoint
CREATE TABLE "telegram_chats" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_chats_chat_id_unique" UNIQUE("chat_id")
);
--> statement-breakpoint
CREATE TABLE "telegram_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "outbox_telegram" ADD CONSTRAINT "outbox_telegram_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_choices" ADD CONSTRAINT "notification_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD CONSTRAINT "telegram_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_codes" ADD CONSTRAINT "telegram_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_codes_user_idx" ON "telegram_codes" USING btree ("user_id");;--> statement-breakpoint
CREATE INDEX "outbox_telegram_due_idx" ON "outbox_telegram" USING btree ("next_attempt_at","id") WHERE "outbox_telegram"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_telegram_user_idx" ON "outbox_telegram" USING btree ("user_id");--> statement-breakpoint
CREATE FUNCTION "notify_outbox_telegram"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('outbox_telegram', '');
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "outbox_telegram_queued" AFTER INSERT ON "outbox_telegram" FOR EACH STATEMENT EXECUTE FUNCTION "notify_outbox_telegram"();

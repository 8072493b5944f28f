-- Course news in Telegram (issue 36): a mailing's Telegram messages name the mailing, so that its history counts them
-- beside its letters and the mailing is finished when both are done.
ALTER TABLE "outbox_telegram" ADD COLUMN "mailing_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_telegram" ADD CONSTRAINT "outbox_telegram_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_telegram_mailing_idx" ON "outbox_telegram" USING btree ("mailing_id","id") WHERE "outbox_telegram"."mailing_id" IS NOT NULL;

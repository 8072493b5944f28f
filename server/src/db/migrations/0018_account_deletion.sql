-- Deleting one's account (issue 20, item 4; docs/PRIVACY.md, «Deleting an account»; services/accountDeletion.ts).
-- The users row stays, emptied: payments, refunds, receipts, consent records, past participations and the authors'
-- history keep pointing at one id that no longer names anybody. deleted_at marks it; its e-mail, names and year of
-- birth are empty, it is inactive and its password can never match. Only live accounts hold an address, so the
-- unique index on the address leaves deleted rows out and the address is free to sign up again.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
DROP INDEX "users_email_lower_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_deleted_emptied" CHECK ("users"."deleted_at" IS NULL OR ("users"."email" = '' AND "users"."first_name" = '' AND "users"."last_name" = '' AND "users"."year_of_birth" IS NULL AND NOT "users"."is_active" AND NOT "users"."is_author"));
--> statement-breakpoint
-- The payer's address as the fiscal receipt gave it to YooKassa (54-ФЗ art. 4.7: the buyer's e-mail is a requisite of
-- an electronic receipt), kept only when the payer deletes the account and only for a payment whose receipt was sent:
-- its settlement and refund receipts still to come go to it. Null otherwise (the account's address is used).
ALTER TABLE "payments" ADD COLUMN "receipt_email" text;
--> statement-breakpoint
-- A deletion withdraws the consents it ends (processing, and each course's news) with the source account-deletion.
ALTER TABLE "consents" DROP CONSTRAINT "consents_source_known";
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_source_known" CHECK ("consents"."source" IN ('signup', 'course-page', 'account', 'payment', 'unsubscribe-link', 'account-deletion'));

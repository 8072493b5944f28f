-- Mail that cannot be delivered (issue 21, item 8; server/README.md, «Letters»): the permanent refusals (SMTP 5xx to
-- RCPT or DATA) of letters to a person's address in a row, with no delivery between. From the third on, the letter
-- queue sends that address no more news (account, payment and lesson letters still go); a delivered letter deletes the
-- row. The address itself is not kept, only the SHA-256 of its lower-case form: a changed e-mail address no longer
-- matches, so the count does not follow the person to the new address.
CREATE TABLE "mail_delivery_failures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"address_hash" text NOT NULL,
	"failures" integer NOT NULL,
	"first_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_delivery_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "mail_delivery_failures_failures_positive" CHECK ("mail_delivery_failures"."failures" > 0)
);

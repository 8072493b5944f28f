-- The 54-ФЗ receipts the server sends through YooKassa (issue 19, items 4 and 5; docs/PAYMENTS.md, «Receipts»). A
-- payment's and a partial refund's receipt go with their request and are recorded here as sent; a settlement receipt
-- («чек зачёта предоплаты») is queued here once per lesson and payment (the unique key: every process sweeps, one row
-- wins) when the lesson has ended or an author marks it held (lessons.held_at), and sent by the workers of every
-- process: claimed with FOR UPDATE SKIP LOCKED and a lease, retried with backoff under the same idempotence key.
-- lesson_ids and lesson_cents are the receipt's lessons in its order and each one's amount in kopecks (a settlement
-- takes its lesson's amount from the payment's receipt); payment_mode is the items' payment_mode.
ALTER TABLE "lessons" ADD COLUMN "held_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payment_id" integer NOT NULL,
	"refund_id" integer,
	"lesson_id" integer,
	"lesson_ids" integer[] DEFAULT '{}' NOT NULL,
	"lesson_cents" integer[] DEFAULT '{}' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" "currency" NOT NULL,
	"payment_mode" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"idempotence_key" text NOT NULL,
	"provider_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "receipts_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "receipts_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "receipts_idempotence_key_unique" UNIQUE("idempotence_key"),
	CONSTRAINT "receipts_payment_lesson_type_unique" UNIQUE("payment_id","lesson_id","type"),
	CONSTRAINT "receipts_type_known" CHECK ("receipts"."type" IN ('payment', 'refund', 'settlement')),
	CONSTRAINT "receipts_state_known" CHECK ("receipts"."state" IN ('pending', 'sent', 'failed')),
	CONSTRAINT "receipts_amount_non_negative" CHECK ("receipts"."amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX "receipts_due_idx" ON "receipts" USING btree ("next_attempt_at", "id") WHERE "state" = 'pending';
--> statement-breakpoint
CREATE INDEX "receipts_failed_idx" ON "receipts" USING btree ("id") WHERE "state" = 'failed';

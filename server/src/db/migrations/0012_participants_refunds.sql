-- The authors' participants and refunds (routes/mutabo/participants.ts, payments.ts).
-- A waiting list's order: a value from a sequence, so a new row goes last and moving someone up only exchanges
-- the values of the rows of one queue (the order is queue_order, then id).
CREATE SEQUENCE "participants_queue_order_seq";
--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "queue_order" bigint;
--> statement-breakpoint
UPDATE "participants" SET "queue_order" = ordered.n
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "participants") AS ordered
WHERE ordered."id" = "participants"."id";
--> statement-breakpoint
SELECT setval('participants_queue_order_seq', (SELECT coalesce(max("queue_order"), 0) + 1 FROM "participants"), false);
--> statement-breakpoint
ALTER TABLE "participants" ALTER COLUMN "queue_order" SET DEFAULT nextval('participants_queue_order_seq');
--> statement-breakpoint
ALTER TABLE "participants" ALTER COLUMN "queue_order" SET NOT NULL;
--> statement-breakpoint
ALTER SEQUENCE "participants_queue_order_seq" OWNED BY "participants"."queue_order";
--> statement-breakpoint
-- A refund of a payment, whole or for some of its lessons. The row is written (state pending, with its
-- idempotence key) before the provider is asked, so asking again reuses the key and never refunds twice; the
-- places are freed when the provider confirms (state succeeded). A refund made in the provider's dashboard is
-- recorded from its notification (source 'provider'), once: provider_id is unique per payment system.
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"lesson_ids" integer[] DEFAULT '{}' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" "currency" NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"source" text DEFAULT 'area' NOT NULL,
	"system" "payment_system" NOT NULL,
	"provider_id" text,
	"idempotence_key" text NOT NULL,
	"user_id" integer,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "refunds_idempotence_key_unique" UNIQUE("idempotence_key"),
	CONSTRAINT "refunds_system_provider_id_unique" UNIQUE("system","provider_id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_state_known" CHECK ("refunds"."state" IN ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_source_known" CHECK ("refunds"."source" IN ('area', 'provider'))
);
--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");

ALTER TABLE "payments" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
CREATE INDEX "participants_payment_idx" ON "participants" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_in_progress_expiry_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."state" = 'STATE_IN_PROGRESS';
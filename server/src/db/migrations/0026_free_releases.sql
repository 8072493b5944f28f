-- A place bought at 0 ₽ (a 100 % discount) is given back like a paid one (services/mutabo/refunds.ts releaseFree): a
-- refund row of 0 ₽ records which lessons were released, so a refund may now be 0. Self-contained: it touches only
-- this constraint.
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_amount_positive";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_non_negative" CHECK ("refunds"."amount" >= 0);

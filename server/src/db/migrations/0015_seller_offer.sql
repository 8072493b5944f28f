-- The seller's details and the public offer (issue 19). The seller is one row, made by the authors' first save
-- (services/mutabo/pages.ts); it is behind the public GET /api/v1/seller/ and the first HTML of every page, so a write
-- drops every process's public cache like the other public tables (migration 0001's trigger function). The offer's
-- text is the pages_content row with slug 'offer'; a payment records the offer's version it was made under (null:
-- there was no offer then).
CREATE TABLE "seller" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"inn" text DEFAULT '' NOT NULL,
	"ogrn" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "seller_single_row" CHECK ("seller"."id" = 1)
);
--> statement-breakpoint
CREATE TRIGGER "seller_bump_public_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "seller" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_content_version"();
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "offer_version" integer;

-- The authors' API for the shared content (routes/mutabo): a version on every quotation, review, library item and
-- category, author page and page text, which each write bumps and compares (a save of a stale copy is refused).
ALTER TABLE "quotations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "library_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "library_categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "pages_content" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;

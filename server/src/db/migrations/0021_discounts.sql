-- Discounts that can be paid online (issue 23; common/discounts.ts): personal discounts by e-mail address and promo
-- codes, and on each payment the discount it was charged with, its full price, and the code whose use it took.
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"email" text NOT NULL,
	"percent" integer,
	"amounts" jsonb,
	"expires_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "discounts_terms_one" CHECK (("discounts"."percent" IS NULL) <> ("discounts"."amounts" IS NULL)),
	CONSTRAINT "discounts_percent_range" CHECK ("discounts"."percent" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"course_id" integer,
	"author_id" integer,
	"percent" integer,
	"amounts" jsonb,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "promo_codes_terms_one" CHECK (("promo_codes"."percent" IS NULL) <> ("promo_codes"."amounts" IS NULL)),
	CONSTRAINT "promo_codes_percent_range" CHECK ("promo_codes"."percent" BETWEEN 1 AND 100),
	CONSTRAINT "promo_codes_uses_range" CHECK ("promo_codes"."uses" >= 0 AND ("promo_codes"."max_uses" IS NULL OR "promo_codes"."max_uses" > 0))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "full_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "promo_code_id" integer;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_course_email_active_unique" ON "discounts" USING btree ("course_id","email") WHERE "discounts"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "discounts_email_idx" ON "discounts" USING btree ("email") WHERE "discounts"."revoked_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_active_unique" ON "promo_codes" USING btree ("code") WHERE "promo_codes"."revoked_at" IS NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;

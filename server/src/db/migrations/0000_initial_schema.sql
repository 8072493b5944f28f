CREATE TYPE "public"."course_state" AS ENUM('draft', 'announced', 'can_be_subscribed');--> statement-breakpoint
CREATE TYPE "public"."currency" AS ENUM('CURRENCY_CHOICE_RUB', 'CURRENCY_CHOICE_EURO', 'CURRENCY_CHOICE_USD');--> statement-breakpoint
CREATE TYPE "public"."disciples_age" AS ENUM('DISCIPLES_AGE_CHILDREN', 'DISCIPLES_AGE_ADULTS');--> statement-breakpoint
CREATE TYPE "public"."lesson_state" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TYPE "public"."main_language" AS ENUM('Russian', 'English', 'Other');--> statement-breakpoint
CREATE TYPE "public"."participation_state" AS ENUM('subscribed', 'reserved', 'waiting_list', 'approved');--> statement-breakpoint
CREATE TYPE "public"."payment_state" AS ENUM('STATE_IN_PROGRESS', 'STATE_COMPLETED', 'STATE_FAILURE');--> statement-breakpoint
CREATE TYPE "public"."payment_system" AS ENUM('yookassa', 'paypal');--> statement-breakpoint
CREATE TABLE "authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"genitive" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"quote" text DEFAULT '' NOT NULL,
	CONSTRAINT "authors_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "course_authors" (
	"course_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "course_authors_course_id_author_id_pk" PRIMARY KEY("course_id","author_id"),
	CONSTRAINT "course_authors_position_unique" UNIQUE("course_id","position")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start" date,
	"end" date,
	"disciples_age" "disciples_age" NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"thumbnail" text DEFAULT '' NOT NULL,
	"state" "course_state" DEFAULT 'draft' NOT NULL,
	"participants_limit" integer DEFAULT 0 NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"full_year" boolean DEFAULT false NOT NULL,
	"lessons_block_size" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_participants_limit_non_negative" CHECK ("courses"."participants_limit" >= 0),
	CONSTRAINT "courses_lessons_block_size_positive" CHECK ("courses"."lessons_block_size" >= 1),
	CONSTRAINT "courses_dates_ordered" CHECK ("courses"."start" IS NULL OR "courses"."end" IS NULL OR "courses"."start" <= "courses"."end")
);
--> statement-breakpoint
CREATE TABLE "disciples" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"main_language" "main_language" DEFAULT 'Russian' NOT NULL,
	"visit_school" boolean DEFAULT false NOT NULL,
	"read_write_problems" text DEFAULT '' NOT NULL,
	"other_info" text DEFAULT '' NOT NULL,
	"timezone" text DEFAULT '' NOT NULL,
	CONSTRAINT "disciples_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"author" text NOT NULL,
	"author_age" integer,
	"course_id" integer NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_author_age_range" CHECK ("feedback"."author_age" IS NULL OR "feedback"."author_age" BETWEEN 0 AND 150)
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"duration" integer NOT NULL,
	"state" "lesson_state" DEFAULT 'draft' NOT NULL,
	CONSTRAINT "lessons_course_number_unique" UNIQUE("course_id","number"),
	CONSTRAINT "lessons_duration_positive" CHECK ("lessons"."duration" > 0)
);
--> statement-breakpoint
CREATE TABLE "library_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "library_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "library_item_categories" (
	"item_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "library_item_categories_item_id_category_id_pk" PRIMARY KEY("item_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "library_item_courses" (
	"item_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	CONSTRAINT "library_item_courses_item_id_course_id_pk" PRIMARY KEY("item_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "library_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"external_link" text,
	"file" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_subscriptions_user_course_unique" UNIQUE("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "pages_content" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_content_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"state" "participation_state" NOT NULL,
	"participated_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participants_user_lesson_unique" UNIQUE("user_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "payment_lessons" (
	"payment_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	CONSTRAINT "payment_lessons_payment_id_lesson_id_pk" PRIMARY KEY("payment_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"system" "payment_system" NOT NULL,
	"currency" "currency" NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"state" "payment_state" DEFAULT 'STATE_IN_PROGRESS' NOT NULL,
	"provider_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_system_provider_id_unique" UNIQUE("system","provider_id"),
	CONSTRAINT "payments_amount_non_negative" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"currency" "currency" NOT NULL,
	"course_price" numeric(12, 2) NOT NULL,
	"lesson_price" numeric(12, 2) NOT NULL,
	"lesson_wholesale_price" numeric(12, 2) NOT NULL,
	CONSTRAINT "prices_course_currency_unique" UNIQUE("course_id","currency"),
	CONSTRAINT "prices_non_negative" CHECK ("prices"."course_price" >= 0 AND "prices"."lesson_price" >= 0 AND "prices"."lesson_wholesale_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "public_content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "public_content_version_single_row" CHECK ("public_content_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"text" text NOT NULL,
	"course_id" integer
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"year_of_birth" integer,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_author" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_year_of_birth_range" CHECK ("users"."year_of_birth" IS NULL OR "users"."year_of_birth" BETWEEN 0 AND 9999)
);
--> statement-breakpoint
ALTER TABLE "authors" ADD CONSTRAINT "authors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_authors" ADD CONSTRAINT "course_authors_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_authors" ADD CONSTRAINT "course_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disciples" ADD CONSTRAINT "disciples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_item_categories" ADD CONSTRAINT "library_item_categories_item_id_library_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."library_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_item_categories" ADD CONSTRAINT "library_item_categories_category_id_library_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."library_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_item_courses" ADD CONSTRAINT "library_item_courses_item_id_library_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."library_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_item_courses" ADD CONSTRAINT "library_item_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_subscriptions" ADD CONSTRAINT "mailing_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_subscriptions" ADD CONSTRAINT "mailing_subscriptions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lessons" ADD CONSTRAINT "payment_lessons_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lessons" ADD CONSTRAINT "payment_lessons_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_item_categories_category_idx" ON "library_item_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "library_item_courses_course_idx" ON "library_item_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "participants_lesson_state_idx" ON "participants" USING btree ("lesson_id","state");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));
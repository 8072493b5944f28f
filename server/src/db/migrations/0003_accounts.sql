CREATE TABLE "auth_throttle" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_reset_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "auth_throttle_kind_key_created_idx" ON "auth_throttle" USING btree ("kind","key","created_at");--> statement-breakpoint
CREATE INDEX "auth_throttle_created_idx" ON "auth_throttle" USING btree ("created_at");
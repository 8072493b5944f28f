-- Limits as one row per kind and key holding the times of its events still in the window: taking a slot is then
-- one upsert that counts and records under the row's lock, so parallel requests cannot all pass a count taken
-- before any of them was recorded (services/accountLimits.ts). The events of the last day are carried over.
CREATE TABLE "auth_limits" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"times" timestamp with time zone[] NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_limits_pkey" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE INDEX "auth_limits_last_at_idx" ON "auth_limits" USING btree ("last_at");
--> statement-breakpoint
INSERT INTO "auth_limits" ("kind", "key", "times", "last_at")
  SELECT "kind", "key", array_agg("created_at" ORDER BY "created_at"), max("created_at")
  FROM "auth_throttle" WHERE "created_at" > now() - interval '1 day' GROUP BY "kind", "key";
--> statement-breakpoint
DROP TABLE "auth_throttle";
--> statement-breakpoint
-- A caller's course forms are kept as long as the public ones (services/personalCache.ts): a news subscription,
-- which they show, drops the public cache in every process like a change to participants does.
CREATE TRIGGER "mailing_subscriptions_bump_public_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mailing_subscriptions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_content_version"();

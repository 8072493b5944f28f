-- Secrets every server process of one site shares (services/signingSecret.ts): the token signing key is generated
-- once by whichever process needs it first and read by all the others, so a token from one is valid on every one.
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

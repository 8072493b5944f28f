-- The link-preview pictures made from course covers (issue 21): a 1200×630 JPEG per cover content, keyed by 16 hex
-- digits of the hash of the recipe and the cover's bytes; made once by whichever process first renders the course
-- page, read by every process at /og/<key>.jpg.
CREATE TABLE "og_images" (
	"key" text PRIMARY KEY NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

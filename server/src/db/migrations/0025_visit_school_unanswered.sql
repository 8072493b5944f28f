-- A minor's «Посещает школу» is null until answered (issue 32, item 10): the column was NOT NULL DEFAULT false, so an
-- unanswered question read as «Нет», and authors took it for a fact. The old editor sent «Нет» for an untouched
-- question too, so a stored false cannot be told from no answer: it becomes null (a true was chosen). Self-contained.
ALTER TABLE "disciples" ALTER COLUMN "visit_school" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "disciples" ALTER COLUMN "visit_school" DROP NOT NULL;--> statement-breakpoint
UPDATE "disciples" SET "visit_school" = NULL WHERE "visit_school" = false;

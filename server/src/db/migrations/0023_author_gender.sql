-- An author's grammatical gender (issue 32, item 1): the letters that speak of an author in the past tense
-- («Анна … сделала для вас скидку») agree with it. '' while unsaid: those texts then take a form that needs none.
-- Self-contained: one column and its check on `authors`.
ALTER TABLE "authors" ADD COLUMN "gender" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "authors" ADD CONSTRAINT "authors_gender_known" CHECK ("authors"."gender" IN ('', 'female', 'male'));

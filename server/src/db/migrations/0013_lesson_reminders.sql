-- Letters about a lesson (services/lessonLetters.ts) carry its updated calendar entry: an .ics attachment kept with
-- the queued letter until it is sent (then emptied with the body). Reminders need no table of their own: the sweep
-- records each one with a unique dedupe_key (services/lessonReminders.ts).
ALTER TABLE "outbox_letters" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;

-- When a payment ended in STATE_FAILURE (issue 32, item 12): the reminder of an unfinished checkout is counted from
-- it, not from the hold's planned end, which a checkout cancelled at once is far from. Self-contained: a payment that
-- ended before has none, and the reminder falls back to its hold's end.
ALTER TABLE "payments" ADD COLUMN "ended_at" timestamp with time zone;

-- One webinar room for the whole course (issue 32, item 3): the course's room link, which its lessons without a link
-- of their own use (services/mutabo/courseRoom.ts). Lessons keep their own `room_url`, the link participants get.
ALTER TABLE "courses" ADD COLUMN "room_url" text DEFAULT '' NOT NULL;

// A lesson in the authors' area: `POST /api/v1/mutabo/courses/{id}/lessons/`, `GET/PATCH/DELETE
// /api/v1/mutabo/lessons/{id}/`, the order of a course's lessons. The answers and the request bodies' schemas.
import { z } from 'zod';
import { writtenDateInRange } from '../dateRange.ts';
import { LESSON_STATES } from '../enums.ts';
import type { Lesson, LessonState } from '../wireTypes.ts';
import type { MutaboLessonRecording } from '../recordings.ts';
import { httpsUrlField, idList, integerField, MAX_LESSON_DURATION, mutaboMessages as m, richTextField, titleField, versionField, type Versioned } from './fields.ts';

/** A lesson as its authors see it: drafts included, with its version and its links ('' when not set). */
export interface MutaboLesson extends Lesson, Versioned {
  roomUrl: string;
  recordingUrl: string;
  /** Who is in the lesson, counted on the server: what taking it back to draft would affect. */
  people: MutaboLessonPeople;
  /**
   * When an author marked the lesson held (`POST /api/v1/mutabo/lessons/{id}/held/`, for a lesson without a time):
   * its settlement receipts are sent then. Null (or absent) while it is not.
   */
  heldAt?: string | null;
  /** The uploaded recording, or the upload on its way (issue 34; common/recordings.ts). */
  recording: MutaboLessonRecording;
  /** The homework (issue 35, common/homework.ts): draft-js raw, '' for none. */
  assignment: string;
  /** When answers are due (ISO), or null. */
  assignmentDueAt: string | null;
  /** «Стоп-занятие»: the next lesson's recording opens to a participant only once they have sent an answer. */
  assignmentRequired: boolean;
}

/** The people of one lesson (a lapsed hold is nobody's). */
export interface MutaboLessonPeople {
  /** People with a place: approved, or reserved and not lapsed. */
  holding: number;
  /** People on the waiting list. */
  waiting: number;
  /**
   * People who would get a letter that the lesson is cancelled (with the calendar entry cancelled) if it were made a
   * draft now: its approved participants, when it is published with a time ahead in a course that is not a draft; else 0.
   */
  toldIfDrafted: number;
}

/** `POST /api/v1/mutabo/courses/{id}/lessons/order/` answers the course's lessons in their new order. */
export type MutaboLessonOrderResult = MutaboLesson[];

export const LESSON_STATE_LABELS: Record<LessonState, string> = {
  draft: 'Черновик',
  published: 'Опубликовано',
};

const isoDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A moment given by an author (a lesson's start, an assignment's due time): ISO 8601 with `Z` or an offset (any zone;
 * answered as UTC), or null (an empty string counts as null).
 */
const isoMomentField = (invalid: string) =>
  z
    .union([z.string(), z.null()], { error: invalid })
    .transform((value) => (value === null || value.trim() === '' ? null : value.trim()))
    .refine((value) => {
      if (value === null) return true;
      const match = isoDateTime.exec(value);
      if (!match) return false;
      const [month, day, hour, minute, second] = [match[2], match[3], match[4], match[5], match[6] ?? '0'].map(Number) as [number, number, number, number, number];
      const date = new Date(Date.UTC(Number(match[1]), month - 1, day));
      return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60 && !Number.isNaN(Date.parse(value));
    }, { error: invalid, abort: true })
    .refine((value) => value === null || writtenDateInRange(value), m.startsAtOutOfRange)
    .transform((value) => (value === null ? null : new Date(value).toISOString()));

/** A lesson's start, or null while the lesson is not scheduled. */
export const startsAtField = isoMomentField(m.startsAtInvalid);

const lessonFields = {
  number: integerField(m.lessonNumberInvalid, 1, 100_000),
  title: titleField,
  content: richTextField,
  duration: integerField(m.durationInvalid, 1, MAX_LESSON_DURATION),
  state: z.enum(LESSON_STATES, { error: m.lessonStateInvalid }),
  startsAt: startsAtField,
  roomUrl: httpsUrlField,
  recordingUrl: httpsUrlField,
  assignment: richTextField,
  assignmentDueAt: isoMomentField(m.assignmentDueAtInvalid),
  assignmentRequired: z.boolean({ error: m.assignmentRequiredInvalid }),
};

/**
 * `POST /api/v1/mutabo/courses/{id}/lessons/`: `title` and `duration` are required; `number` defaults to after the
 * last lesson (a number already taken is refused under `number`), `content` to '', `state` to `published` (the
 * course itself stays a draft until it opens; issue 22), `startsAt`
 * to null (not scheduled), `roomUrl` and `recordingUrl` to '' (https links only), `assignment` to '' (no homework),
 * `assignmentDueAt` to null and `assignmentRequired` to false.
 */
export const lessonCreateSchema = z.object(
  {
    number: lessonFields.number.optional(),
    title: lessonFields.title,
    content: lessonFields.content.default(''),
    duration: lessonFields.duration,
    state: lessonFields.state.default('published'),
    startsAt: lessonFields.startsAt.default(null),
    roomUrl: lessonFields.roomUrl.default(''),
    recordingUrl: lessonFields.recordingUrl.default(''),
    assignment: lessonFields.assignment.default(''),
    assignmentDueAt: lessonFields.assignmentDueAt.default(null),
    assignmentRequired: lessonFields.assignmentRequired.default(false),
  },
  { error: m.invalidBody },
);

/** `PATCH /api/v1/mutabo/lessons/{id}/`: any subset plus the `version` read. */
export const lessonPatchSchema = z.object(
  {
    number: lessonFields.number.optional(),
    title: lessonFields.title.optional(),
    content: lessonFields.content.optional(),
    duration: lessonFields.duration.optional(),
    state: lessonFields.state.optional(),
    startsAt: lessonFields.startsAt.optional(),
    roomUrl: lessonFields.roomUrl.optional(),
    recordingUrl: lessonFields.recordingUrl.optional(),
    assignment: lessonFields.assignment.optional(),
    assignmentDueAt: lessonFields.assignmentDueAt.optional(),
    assignmentRequired: lessonFields.assignmentRequired.optional(),
    version: versionField,
  },
  { error: m.invalidBody },
);

/** `POST /api/v1/mutabo/courses/{id}/lessons/order/`: every lesson id of the course once, in the new order. */
export const lessonOrderSchema = z.object(
  {
    lessons: idList(m.lessonOrderInvalid)
      .refine((ids) => ids.length > 0, m.lessonOrderInvalid)
      .refine((ids) => new Set(ids).size === ids.length, m.lessonOrderInvalid),
  },
  { error: m.invalidBody },
);

/** What a client sends (before defaults and transforms) and what the server works with (after). */
export type LessonCreatePayload = z.input<typeof lessonCreateSchema>;
export type LessonCreate = z.output<typeof lessonCreateSchema>;
export type LessonPatchPayload = z.input<typeof lessonPatchSchema>;
export type LessonPatch = z.output<typeof lessonPatchSchema>;

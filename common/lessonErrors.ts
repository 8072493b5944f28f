// The lesson-selection errors both programs speak: the server answers them with the error code as the top-level key,
// and names lessons in the message by the marker `{lessons:[12,13]}`, which the site replaces by quoted titles.

// lessons_are_past (issue 32): a lesson that has begun is not sold; the key is ours, in the spec's shape.
export const LESSON_ERROR_KEYS = ['lessons_are_required', 'lessons_are_fully_occupied', 'already_participated', 'lessons_are_past'] as const;
export type LessonErrorKey = (typeof LESSON_ERROR_KEYS)[number];

/** The marker naming lessons inside a message, ids in lesson order. */
export const lessonsMarker = (lessonIds: readonly number[]) => `{lessons:[${lessonIds.join(',')}]}`;

/** Finds every marker in a message; spaces inside are tolerated. The first group is the id list. */
export const LESSONS_MARKER = /\{\s*lessons\s*:\s*\[([\d\s,]*)\]\s*\}/g;

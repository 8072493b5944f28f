// The homework feature's public entry (issue 35): «Задание» under a lesson, linking to its page. The page itself
// (src/pages/LessonHomeworkPage.tsx) loads the rest of the feature in its own chunk.
export { HomeworkBadge } from './HomeworkBadge.tsx';

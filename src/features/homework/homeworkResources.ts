// The homework page's reading in the one cache: defined in the page's own chunk, it joins the registry when that loads.
// Dropped once no page shows it, so a page opened again shows the thread as it is now.
import { defineResource } from '../../data/resource.ts';
import { getLessonHomework } from './homeworkApi.ts';

export const lessonHomeworkResource = defineResource('lessonHomework', (lessonId: number) => getLessonHomework(lessonId), ['homework'], {
  keepUnused: false,
});

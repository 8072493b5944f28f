// A lesson's start in the visitor's zone, saying which zone: «ср, 4 марта 2026, 19:00 по московскому времени».
import { formatLessonTime } from '../../../common/lessonTimeText.ts';

export function LessonTime({ startsAt, timeZone }: { startsAt: string; timeZone: string }) {
  return <time dateTime={startsAt}>{formatLessonTime(startsAt, timeZone)}</time>;
}

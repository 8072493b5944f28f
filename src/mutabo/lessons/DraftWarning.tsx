// What taking a lesson that people hold or wait for back to draft does to them: the confirmation's text, in the
// course's lesson list and in the lesson's own editor.
import { peopleCount } from '../../../common/plural.ts';
import type { MutaboLesson } from '../../../common/mutabo/lessons.ts';

const quotedTitle = (lesson: MutaboLesson) => {
  const title = lesson.title || 'Без названия';
  return /^«.*»$/.test(title) ? title : `«${title}»`;
};

/** What taking a lesson that people hold or wait for back to draft does to them. */
export function DraftWarning({ lesson }: { lesson: MutaboLesson }) {
  const { holding, waiting, toldIfDrafted } = lesson.people;
  const people = [holding > 0 ? `${peopleCount(holding)} с местом` : '', waiting > 0 ? `${peopleCount(waiting)} в очереди` : ''];
  return (
    <>
      <p>Занятие {quotedTitle(lesson)} скроется от посетителей: записаться на него будет нельзя.</p>
      <p>
        <strong>Участники занятия: {people.filter(Boolean).join(' и ')}.</strong>
      </p>
      <p>
        {toldIfDrafted > 0
          ? `Письмо об отмене занятия (и отмену события в календаре) получат участники с подтверждённым местом: ${peopleCount(toldIfDrafted)}.`
          : 'Письма об отмене не будет: его получают участники с подтверждённым местом, если курс не в черновиках, а время занятия назначено и ещё не наступило.'}
      </p>
    </>
  );
}

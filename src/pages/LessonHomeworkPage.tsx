// A lesson's homework /lessons/{id}/homework (issue 35): the assignment and the participant's answers. Reads through
// the cache; a refusal (not a participant, no assignment, not yet open) says why in the server's words.
import { Link, useParams } from 'react-router-dom';
import { paths } from '../app/paths.ts';
import { Loader } from '../components/Loader.tsx';
import { FormErrorBlock } from '../components/form/fields.tsx';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { skipToken, useResource } from '../data/useResource.ts';
import { lessonHomeworkResource } from '../features/homework/homeworkResources.ts';
import { HomeworkView } from '../features/homework/HomeworkView.tsx';
import { homeworkMessages } from '../../common/homework.ts';

export function LessonHomeworkPage() {
  const { id } = useParams();
  const lessonId = id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : null;
  const homework = useResource(lessonHomeworkResource, lessonId === null ? skipToken : lessonId);

  let body;
  if (lessonId === null) body = <FormErrorBlock>{homeworkMessages.lessonNotFound}</FormErrorBlock>;
  else if (homework.error) body = <FormErrorBlock>{homework.error.message}</FormErrorBlock>;
  else if (!homework.data) body = <Loader label="Загружаем задание" />;
  else body = <HomeworkView homework={homework.data} reload={() => void homework.reload()} />;
  return (
    <PageContainer $width="text">
      <PageTitle>{homework.data ? `Задание к занятию ${homework.data.lesson.number} «${homework.data.lesson.title}»` : 'Задание к занятию'}</PageTitle>
      {homework.data ? (
        <p>
          <Link to={paths.course(homework.data.courseId)}>← Курс «{homework.data.courseTitle}»</Link>
        </p>
      ) : (
        <p>
          <Link to={paths.accountCourses}>← Мои курсы</Link>
        </p>
      )}
      {body}
    </PageContainer>
  );
}

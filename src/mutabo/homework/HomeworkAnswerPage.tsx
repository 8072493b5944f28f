// One answer to review (issue 35): the assignment, the person, their earlier answers, this answer's text and files
// shown inline (images, pdf in a frame with a download link, other files to download), and the decision: «Принято»
// or «На доработку» (which needs a comment). After it, back to the queue, where the next answer waiting is first.
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { idFromText } from '../../../common/ids.ts';
import {
  HOMEWORK_COMMENT_MAX,
  HOMEWORK_STATE_LABELS,
  homeworkMessages,
  type HomeworkAnswer,
  type HomeworkAnswerDetail,
  type HomeworkFile,
} from '../../../common/homework.ts';
import { isRequestError } from '../../api/requestError.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { FormErrorBlock, TextAreaField } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { RichText } from '../../components/RichText.tsx';
import { useRunMutation } from '../../data/mutation.ts';
import { skipToken, useResource } from '../../data/useResource.ts';
import { areaPaths } from '../areaPaths.ts';
import { areaResources } from '../areaResources.ts';
import { Muted, Notice, Panel, RowActions } from '../shell/areaParts.ts';
import { Badge } from '../shell/DataTable.tsx';
import { formatDateTimeIn } from '../shell/timeText.ts';
import { decideHomeworkAnswer } from './homeworkApi.ts';
import { fileSizeText } from '../../lib/fileSize.ts';

const Text = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Files = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};

  img {
    display: block;
    max-width: 100%;
    max-height: 70vh;
    border: 1px solid ${({ theme }) => theme.colors.border};
  }

  iframe {
    display: block;
    width: 100%;
    height: 70vh;
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Earlier = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};

  li + li {
    margin-top: ${({ theme }) => theme.space(3)};
  }
`;

/** A file as the reviewer reads it: an image shown, a pdf in a frame, anything else to download. */
function InlineFile({ file }: { file: HomeworkFile }) {
  const caption = `${file.name} (${fileSizeText(file.size)})`;
  if (file.kind === 'jpeg' || file.kind === 'png') {
    return (
      <li>
        <img src={file.url} alt={file.name} />
        <a href={file.url} download={file.name}>
          Скачать {caption}
        </a>
      </li>
    );
  }
  if (file.kind === 'pdf') {
    return (
      <li>
        <iframe src={file.url} title={`PDF: ${file.name}`} />
        <a href={file.url} download={file.name}>
          Скачать {caption}
        </a>
      </li>
    );
  }
  return (
    <li>
      <a href={file.url} download={file.name}>
        Скачать {caption}
      </a>
    </li>
  );
}

function AnswerHead({ answer, timeZone }: { answer: HomeworkAnswer; timeZone: string }) {
  return (
    <p>
      <Badge $tone={answer.state === 'submitted' ? 'attention' : answer.state === 'accepted' ? 'done' : 'plain'}>{HOMEWORK_STATE_LABELS[answer.state]}</Badge>{' '}
      {answer.submittedAt ? `отправлен ${formatDateTimeIn(answer.submittedAt, timeZone)}` : null}
      {answer.late ? ', с опозданием' : null}
      {answer.decidedAt ? ` · решение ${formatDateTimeIn(answer.decidedAt, timeZone)}` : null}
    </p>
  );
}

export function HomeworkAnswerPage() {
  const { answerId } = useParams();
  const id = idFromText(answerId);
  const detail = useResource(areaResources.homeworkAnswer, id ?? skipToken);
  if (id === undefined || detail.error?.statusCode === 404) return <p>{homeworkMessages.answerNotFound}</p>;
  if (detail.error) return <ErrorScreen />;
  if (!detail.data) return <Loader label="Загружаем ответ" />;
  return <AnswerReview key={detail.data.answer.id} detail={detail.data} reload={detail.reload} />;
}

function AnswerReview({ detail, reload }: { detail: HomeworkAnswerDetail; reload: () => Promise<unknown> }) {
  const { answer, person, lesson, course } = detail;
  const mutate = useRunMutation();
  const navigate = useNavigate();
  const headingIds = { assignment: useId(), answer: useId(), thread: useId(), decision: useId() };
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<'accepted' | 'returned' | null>(null);
  const earlier = detail.thread.filter((item) => item.id !== answer.id);
  const open = answer.state === 'submitted';

  const decide = async (decision: 'accepted' | 'returned') => {
    if (deciding) return;
    setFailure(null);
    if (comment.length > HOMEWORK_COMMENT_MAX) return setCommentError(homeworkMessages.commentTooLong);
    if (decision === 'returned' && comment.trim() === '') return setCommentError(homeworkMessages.commentRequired);
    setCommentError(undefined);
    setDeciding(decision);
    try {
      await mutate(() => decideHomeworkAnswer(answer.id, { decision, comment: comment.trim() }), { invalidates: ['areaHomework', 'areaDashboard', 'homework'] });
      void navigate(areaPaths.homework, { state: { notice: `${person.name || person.email}: ${HOMEWORK_STATE_LABELS[decision]}.` } });
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setDeciding(null);
      if (caught.byFields.comment) setCommentError(caught.byFields.comment);
      else setFailure(caught.byFields.detail ?? caught.byFields.decision ?? caught.message);
      if (caught.statusCode === 409) void reload();
    }
  };

  return (
    <section>
      <p>
        <Link to={areaPaths.homework}>← К заданиям</Link>
      </p>
      <PageTitle>{`Ответ: ${person.name || person.email}`}</PageTitle>
      <Muted>
        {person.name ? `${person.email} · ` : ''}
        {course.title}, занятие {lesson.number}. {lesson.title}
      </Muted>
      <Panel aria-labelledby={headingIds.assignment}>
        <h2 id={headingIds.assignment}>Задание</h2>
        {lesson.dueAt ? <p>Сдать до {formatDateTimeIn(lesson.dueAt, course.timeZone)}</p> : null}
        <RichText source={lesson.assignment} />
      </Panel>
      <Panel aria-labelledby={headingIds.answer}>
        <h2 id={headingIds.answer}>Ответ</h2>
        <AnswerHead answer={answer} timeZone={course.timeZone} />
        {answer.text ? <Text>{answer.text}</Text> : <Muted>Без текста.</Muted>}
        {answer.files.length > 0 ? (
          <Files aria-label="Файлы ответа">
            {answer.files.map((file) => (
              <InlineFile key={file.id} file={file} />
            ))}
          </Files>
        ) : null}
        {answer.comment ? <Text>Комментарий: {answer.comment}</Text> : null}
      </Panel>
      {earlier.length > 0 ? (
        <Panel aria-labelledby={headingIds.thread}>
          <h2 id={headingIds.thread}>Предыдущие ответы</h2>
          <Earlier>
            {earlier.map((item) => (
              <li key={item.id}>
                <AnswerHead answer={item} timeZone={course.timeZone} />
                {item.text ? <Text>{item.text}</Text> : null}
                {item.files.length > 0 ? (
                  <Files aria-label="Файлы ответа">
                    {item.files.map((file) => (
                      <li key={file.id}>
                        <a href={file.url} download={file.name}>
                          {file.name} ({fileSizeText(file.size)})
                        </a>
                      </li>
                    ))}
                  </Files>
                ) : null}
                {item.comment ? <Text>Комментарий: {item.comment}</Text> : null}
              </li>
            ))}
          </Earlier>
        </Panel>
      ) : null}
      <Panel aria-labelledby={headingIds.decision}>
        <h2 id={headingIds.decision}>Решение</h2>
        {failure ? <FormErrorBlock>{failure}</FormErrorBlock> : null}
        {open ? (
          <form onSubmit={(event) => event.preventDefault()} noValidate aria-label="Решение по ответу">
            <TextAreaField
              label="Комментарий участнику"
              name="comment"
              value={comment}
              error={commentError}
              maxLength={HOMEWORK_COMMENT_MAX}
              onChange={(event) => setComment(event.target.value)}
            />
            <RowActions>
              <LoadingButton type="button" loading={deciding === 'accepted'} disabled={deciding !== null} onClick={() => void decide('accepted')}>
                Принято
              </LoadingButton>
              <LoadingButton type="button" $variant="secondary" loading={deciding === 'returned'} disabled={deciding !== null} onClick={() => void decide('returned')}>
                На доработку
              </LoadingButton>
            </RowActions>
          </form>
        ) : (
          <Notice quiet>Решение по этому ответу уже принято: {HOMEWORK_STATE_LABELS[answer.state]}.</Notice>
        )}
      </Panel>
    </section>
  );
}

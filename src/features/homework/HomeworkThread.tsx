// The person's answers to an assignment, oldest first: each with its state, when it was sent and decided, the text,
// the files (images as thumbnails, the rest as links) and the author's comment.
import styled from 'styled-components';
import { formatLessonDateTime } from '../../../common/lessonTimeText.ts';
import { HOMEWORK_STATE_LABELS, type HomeworkAnswer, type HomeworkFile } from '../../../common/homework.ts';
import { fileSizeText } from '../../lib/fileSize.ts';

const Answers = styled.ol`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(6)};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const Answer = styled.li`
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  overflow-wrap: anywhere;
`;

const Head = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  color: ${({ theme }) => theme.colors.muted};
`;

const State = styled.strong`
  color: ${({ theme }) => theme.colors.text};
`;

const Text = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  white-space: pre-wrap;
`;

const Files = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(2)};
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};

  img {
    display: block;
    max-width: 160px;
    max-height: 120px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }
`;

const Comment = styled.blockquote`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-left: 3px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.paper};
  white-space: pre-wrap;
`;

const isImage = (file: HomeworkFile) => file.kind === 'jpeg' || file.kind === 'png';

function AnswerFile({ file }: { file: HomeworkFile }) {
  const label = `${file.name} (${fileSizeText(file.size)})`;
  return (
    <li>
      <a href={file.url} target="_blank" rel="noreferrer" download={isImage(file) ? undefined : file.name}>
        {isImage(file) ? <img src={file.url} alt={file.name} loading="lazy" /> : null}
        {label}
      </a>
    </li>
  );
}

export function HomeworkThread({ answers, timeZone }: { answers: readonly HomeworkAnswer[]; timeZone: string }) {
  const shown = answers.filter((answer) => answer.state !== 'draft');
  if (shown.length === 0) return null;
  return (
    <Answers aria-label="Ваши ответы">
      {shown.map((answer, index) => (
        <Answer key={answer.id} aria-label={`Ответ ${index + 1}: ${HOMEWORK_STATE_LABELS[answer.state]}`}>
          <Head>
            <State>{HOMEWORK_STATE_LABELS[answer.state]}</State>
            {answer.submittedAt ? <span>отправлен {formatLessonDateTime(answer.submittedAt, timeZone)}</span> : null}
            {answer.late ? <span>с опозданием</span> : null}
            {answer.decidedAt ? <span>решение {formatLessonDateTime(answer.decidedAt, timeZone)}</span> : null}
          </Head>
          {answer.text ? <Text>{answer.text}</Text> : null}
          {answer.files.length > 0 ? (
            <Files aria-label="Файлы ответа">
              {answer.files.map((file) => (
                <AnswerFile key={file.id} file={file} />
              ))}
            </Files>
          ) : null}
          {answer.comment ? (
            <Comment>
              <strong>Комментарий автора:</strong> {answer.comment}
            </Comment>
          ) : null}
        </Answer>
      ))}
    </Answers>
  );
}

// The answer form of a lesson's homework page: the text with a counter, up to five files with their sizes (checked
// here for their number and size with the server's own words), a draft kept while the person types (the first save
// creates the answer, the next ones change it) and «Отправить» with the upload's progress, sent once.
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import styled from 'styled-components';
import { isRequestError, type RequestError } from '../../api/requestError.ts';
import { Button } from '../../components/Button.ts';
import { FieldError, FormErrorBlock } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { useRunMutation } from '../../data/mutation.ts';
import {
  HOMEWORK_FILE_ACCEPT,
  HOMEWORK_FILE_MAX_BYTES,
  HOMEWORK_FILES_MAX,
  HOMEWORK_TEXT_MAX,
  homeworkMessages,
  homeworkText,
  type HomeworkAnswer,
  type HomeworkFile,
} from '../../../common/homework.ts';
import { createHomeworkAnswer, updateHomeworkAnswer, type AnswerWrite } from './homeworkApi.ts';
import { fileSizeText } from '../../lib/fileSize.ts';

/** How long typing pauses before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 1500;

const Row = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(4)};

  label {
    font-weight: 600;
  }
`;

const TextArea = styled.textarea<{ $invalid: boolean }>`
  width: 100%;
  min-height: 12rem;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  font: inherit;
  resize: vertical;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
`;

const Small = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  color: ${({ theme }) => theme.colors.muted};
`;

/** The file input itself is hidden (the browser would name its button in its own language): its Russian label is the button. */
const FilePicker = styled.div`
  position: relative;

  input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
  }

  label {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(4)};
    border: 2px solid ${({ theme }) => theme.colors.primary};
    border-radius: ${({ theme }) => theme.radius};
    color: ${({ theme }) => theme.colors.primary};
    cursor: pointer;
  }

  input:focus-visible + label {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  input:disabled + label {
    cursor: progress;
    opacity: 0.6;
  }
`;

const FileList = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const Progress = styled.progress`
  width: 100%;
  max-width: 20rem;
`;

interface Errors {
  text?: string;
  files?: string;
  form?: string;
}

/** A server refusal's messages, under the fields they are about. */
function serverErrors(caught: RequestError): Errors {
  const { text, files, removeFiles, detail, nonFieldErrors } = caught.byFields;
  const errors: Errors = {};
  if (text) errors.text = text;
  if (files ?? removeFiles) errors.files = files ?? removeFiles;
  if (!errors.text && !errors.files) errors.form = detail ?? nonFieldErrors ?? caught.message;
  return errors;
}

interface HomeworkAnswerFormProps {
  lessonId: number;
  /** The open answer (a draft, or sent and not yet seen), or null for a new one. */
  open: HomeworkAnswer | null;
  /** After the answer has gone: the page reads the thread again and says so. */
  onSent: (message: string) => void;
  /** After a 409: the page reads the thread again. */
  onConflict: () => void;
}

export function HomeworkAnswerForm({ lessonId, open, onSent, onConflict }: HomeworkAnswerFormProps) {
  const mutate = useRunMutation();
  const ids = { text: useId(), counter: useId(), textError: useId(), files: useId(), filesHint: useId(), filesError: useId() };
  const [text, setText] = useState(open?.text ?? '');
  const [kept, setKept] = useState<HomeworkFile[]>(open?.files ?? []);
  const [removed, setRemoved] = useState<number[]>([]);
  const [added, setAdded] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [draftNote, setDraftNote] = useState('');
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  // A draft is kept while typing; a sent answer is changed only by «Сохранить изменения».
  const asDraft = open === null || open.state === 'draft';
  const answerId = useRef<number | null>(open?.id ?? null);
  const draftSaving = useRef<Promise<void> | null>(null);
  const typed = useRef(false);
  const sent = useRef(false);

  const fileCount = kept.length + added.length;

  // The draft: saved a moment after typing stops (POST the first time, PATCH after).
  useEffect(() => {
    if (!asDraft || !typed.current || sent.current) return;
    if (text.length > HOMEWORK_TEXT_MAX || (text.trim() === '' && answerId.current === null)) return;
    const timer = window.setTimeout(() => {
      if (sent.current) return;
      const write: AnswerWrite = { text, files: [], submit: false };
      setDraftNote('Сохраняем черновик…');
      const saving = (async () => {
        try {
          const saved = answerId.current === null ? await createHomeworkAnswer(lessonId, write) : await updateHomeworkAnswer(answerId.current, write);
          answerId.current = saved.id;
          setDraftNote('Черновик сохранён');
        } catch (caught) {
          if (!isRequestError(caught)) throw caught;
          setDraftNote(`Черновик не сохранён: ${caught.message}`);
        }
      })();
      draftSaving.current = saving;
      void saving.finally(() => {
        if (draftSaving.current === saving) draftSaving.current = null;
      });
    }, DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, asDraft, lessonId]);

  const changeText = (event: ChangeEvent<HTMLTextAreaElement>) => {
    typed.current = true;
    setText(event.target.value);
    setErrors(({ text: _text, ...rest }) => (event.target.value.length > HOMEWORK_TEXT_MAX ? { ...rest, text: homeworkMessages.textTooLong } : rest));
  };

  const pickFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    const problems: string[] = [];
    const fitting = picked.filter((file) => {
      if (file.size > HOMEWORK_FILE_MAX_BYTES) {
        problems.push(homeworkText(homeworkMessages.fileTooLarge, { name: file.name }));
        return false;
      }
      return true;
    });
    const room = Math.max(0, HOMEWORK_FILES_MAX - fileCount);
    if (fitting.length > room) problems.push(homeworkMessages.tooManyFiles);
    setAdded((current) => [...current, ...fitting.slice(0, room)]);
    setErrors(({ files: _files, ...rest }) => (problems.length > 0 ? { ...rest, files: problems.join(' ') } : rest));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Once: a second press while the first is on its way does nothing.
    if (sending || sent.current) return;
    const found: Errors = {};
    if (text.length > HOMEWORK_TEXT_MAX) found.text = homeworkMessages.textTooLong;
    if (fileCount > HOMEWORK_FILES_MAX) found.files = homeworkMessages.tooManyFiles;
    if (text.trim() === '' && fileCount === 0) found.form = homeworkMessages.emptyAnswer;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    sent.current = true;
    setProgress(added.length > 0 ? 0 : null);
    try {
      // A draft save under way ends first: the answer it creates is the one sent.
      if (draftSaving.current) await draftSaving.current;
      const write: AnswerWrite = { text, files: added, removeFiles: removed, submit: true };
      const onProgress = added.length > 0 ? (fraction: number) => setProgress(fraction) : undefined;
      const id = answerId.current;
      const saved = await mutate(() => (id === null ? createHomeworkAnswer(lessonId, write, onProgress) : updateHomeworkAnswer(id, write, onProgress)), {
        invalidates: ['homework', 'enrollment'],
      });
      // A changed answer stays in this form (the page reads the thread again); its files are now the saved ones.
      answerId.current = saved.id;
      setKept(saved.files);
      setAdded([]);
      setRemoved([]);
      setSending(false);
      setProgress(null);
      if (!asDraft) sent.current = false;
      onSent(asDraft ? 'Ответ отправлен. Авторы курса посмотрят его и напишут, что думают.' : 'Изменения сохранены.');
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      sent.current = false;
      setErrors(serverErrors(caught));
      setSending(false);
      setProgress(null);
      if (caught.statusCode === 409) onConflict();
    }
  };

  const removeKept = (file: HomeworkFile) => {
    setKept((current) => current.filter((item) => item.id !== file.id));
    setRemoved((current) => [...current, file.id]);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Ответ на задание">
      {errors.form ? <FormErrorBlock>{errors.form}</FormErrorBlock> : null}
      <Row>
        <label htmlFor={ids.text}>Ваш ответ</label>
        <TextArea
          id={ids.text}
          name="text"
          value={text}
          onChange={changeText}
          $invalid={Boolean(errors.text)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={[ids.counter, errors.text ? ids.textError : ''].filter(Boolean).join(' ')}
        />
        <Small id={ids.counter}>
          {text.length.toLocaleString('ru-RU')} из {HOMEWORK_TEXT_MAX.toLocaleString('ru-RU')} символов
        </Small>
        {errors.text ? <FieldError id={ids.textError}>{errors.text}</FieldError> : null}
      </Row>
      <Row>
        <label htmlFor={ids.files}>Файлы</label>
        <Small id={ids.filesHint}>
          До {HOMEWORK_FILES_MAX} файлов, каждый до 20 МБ: PDF, DOCX, ODT, TXT, JPEG, PNG или HEIC.
        </Small>
        <FilePicker>
          <input
            id={ids.files}
            type="file"
            name="files"
            multiple
            accept={HOMEWORK_FILE_ACCEPT}
            onChange={pickFiles}
            disabled={sending}
            aria-invalid={errors.files ? true : undefined}
            aria-describedby={[ids.filesHint, errors.files ? ids.filesError : ''].filter(Boolean).join(' ')}
          />
          <label htmlFor={ids.files}>{fileCount > 0 ? 'Добавить файлы' : 'Выбрать файлы'}</label>
        </FilePicker>
        {errors.files ? <FieldError id={ids.filesError}>{errors.files}</FieldError> : null}
        {fileCount > 0 ? (
          <FileList aria-label="Приложенные файлы">
            {kept.map((file) => (
              <li key={`kept-${file.id}`}>
                <span>
                  {file.name} ({fileSizeText(file.size)})
                </span>
                <Button type="button" $variant="secondary" disabled={sending} onClick={() => removeKept(file)} aria-label={`Убрать файл ${file.name}`}>
                  Убрать
                </Button>
              </li>
            ))}
            {added.map((file, index) => (
              <li key={`added-${index}-${file.name}`}>
                <span>
                  {file.name} ({fileSizeText(file.size)})
                </span>
                <Button
                  type="button"
                  $variant="secondary"
                  disabled={sending}
                  onClick={() => setAdded((current) => current.filter((_, at) => at !== index))}
                  aria-label={`Убрать файл ${file.name}`}
                >
                  Убрать
                </Button>
              </li>
            ))}
          </FileList>
        ) : null}
      </Row>
      <Actions>
        <LoadingButton loading={sending}>{asDraft ? 'Отправить' : 'Сохранить изменения'}</LoadingButton>
        <Small role="status" aria-live="polite">
          {sending && progress !== null ? `Отправляем файлы: ${Math.round(progress * 100)}\u00a0%` : sending ? 'Отправляем ответ…' : draftNote}
        </Small>
      </Actions>
      {sending && progress !== null ? <Progress value={progress} max={1} aria-label="Отправка файлов" /> : null}
    </form>
  );
}

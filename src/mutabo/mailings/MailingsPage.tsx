// A course's news mailings: write a letter (subject, plain text) with its preview, send a test to oneself, choose
// the course's subscribers or participants (with how many letters each would send), confirm with the count, send;
// below, the course's mailings, newest first, each leading to its progress.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { MutaboCourse } from '../../../common/mutabo/courses.ts';
import {
  MAILING_AUDIENCE_LABELS,
  mailingCreateSchema,
  mailingMessages,
  MAX_MAILING_SUBJECT_LENGTH,
  type MailingAudience,
  type MailingAudienceCounts,
  type MailingCreatePayload,
} from '../../../common/mutabo/mailings.ts';
import { lettersCount } from '../../../common/plural.ts';
import { channelsText } from './mailingText.ts';
import { isRequestError, type RequestError } from '../../api/requestError.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { FieldError, FormErrorBlock, TextAreaField, TextField } from '../../components/form/fields.tsx';
import { formErrorText } from '../../components/form/formErrors.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { selectCurrentUser } from '../../features/session/currentUser.ts';
import { areaPaths } from '../areaPaths.ts';
import { checkWith } from '../content/checkWith.ts';
import { CourseHeader } from '../courses/CourseNav.tsx';
import { useLeaveGuard } from '../forms/useLeaveGuard.tsx';
import { Notice, Panel } from '../shell/areaParts.ts';
import { skipToken, useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { MailingHistory } from './MailingHistory.tsx';
import { createMailing } from './mailingsApi.ts';
import { MailingPreview } from './MailingPreview.tsx';
import { useLedCourse } from '../courses/useLedCourse.tsx';

type Audience = Exclude<MailingAudience, 'test'>;
const AUDIENCES: Audience[] = ['subscribers', 'participants'];
const FIELDS = ['subject', 'text', 'to'];

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }

  h3 {
    margin-top: 0;
    font-size: ${({ theme }) => theme.fonts.sizes.body};
  }
`;

const Hint = styled.p`
  margin: -${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

const AudienceChoice = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space(1)};
    padding: 0;
    font-weight: 600;
  }

  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-height: 44px;
  }

  input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
  }
`;

export function MailingsPage() {
  const { id, course, instead } = useLedCourse();
  const audience = useResource(areaResources.mailingAudience, id === undefined ? skipToken : id);
  const history = useResource(areaResources.mailings, id === undefined ? skipToken : id);
  if (instead) return instead;

  return (
    <section>
      <CourseHeader course={course} title="Рассылки" />
      <Composer course={course} counts={audience.data} countsFailed={audience.error !== null} onTestSent={() => void history.reload()} />
      <Panel aria-labelledby="mailings-history-title">
        <h2 id="mailings-history-title">Отправленные рассылки</h2>
        {history.error ? (
          <FormErrorBlock>Не удалось загрузить историю рассылок: {history.error.message}</FormErrorBlock>
        ) : history.data ? (
          <MailingHistory courseId={course.id} mailings={history.data} />
        ) : (
          <Loader label="Загружаем историю рассылок" />
        )}
      </Panel>
    </section>
  );
}

interface ComposerProps {
  course: MutaboCourse;
  counts: MailingAudienceCounts | undefined;
  countsFailed: boolean;
  onTestSent: () => void;
}

function Composer({ course, counts, countsFailed, onTestSent }: ComposerProps) {
  const navigate = useNavigate();
  const me = useAppSelector(selectCurrentUser);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [to, setTo] = useState<Audience>('subscribers');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [block, setBlock] = useState<string | null>(null);
  const [sending, setSending] = useState<MailingAudience | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [testSent, setTestSent] = useState<number | null>(null);
  const leave = useLeaveGuard(subject.trim() !== '' || text.trim() !== '');
  const count = counts?.[to];

  const check = (audience: MailingAudience): MailingCreatePayload | null => {
    setBlock(null);
    setTestSent(null);
    const checked = checkWith<MailingCreatePayload>(mailingCreateSchema, { subject, text, to: audience });
    if ('errors' in checked) {
      setFields(checked.errors);
      return null;
    }
    setFields({});
    return checked.body;
  };

  const failed = (error: RequestError) => {
    const byField = Object.fromEntries(Object.entries(error.byFields).filter(([key]) => FIELDS.includes(key)));
    setFields(byField);
    setBlock(formErrorText(error, Object.keys(byField)) ?? null);
  };

  const send = async (body: MailingCreatePayload) => {
    setSending(body.to);
    try {
      const created = await createMailing(course.id, body);
      if (body.to === 'test') {
        setTestSent(created.id);
        onTestSent();
      } else {
        leave.allowNextLeave();
        void navigate(areaPaths.mailing(course.id, created.id), { state: { sent: true } });
      }
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      failed(caught);
    } finally {
      setSending(null);
      setConfirming(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending || !check(to)) return;
    if (count === 0) {
      setBlock(mailingMessages.noRecipients);
      return;
    }
    setConfirming(true);
  };

  const sendTest = () => {
    if (sending) return;
    const body = check('test');
    if (body) void send(body);
  };

  const audienceLabel = (audience: Audience) => {
    const known = counts?.[audience];
    return known === undefined ? MAILING_AUDIENCE_LABELS[audience] : `${MAILING_AUDIENCE_LABELS[audience]}: ${lettersCount(known)}`;
  };

  return (
    <Panel aria-labelledby="mailing-compose-title">
      <h2 id="mailing-compose-title">Новое письмо</h2>
      {testSent !== null ? (
        <Notice>
          Пробное письмо отправлено на {me.data?.email ?? 'ваш адрес'}. <Link to={areaPaths.mailing(course.id, testSent)}>Как оно доставлено</Link>
        </Notice>
      ) : null}
      {block ? <FormErrorBlock>{block}</FormErrorBlock> : null}
      <Columns>
        <form aria-label="Письмо подписчикам" noValidate onSubmit={submit}>
          <TextField
            label="Тема"
            name="subject"
            value={subject}
            maxLength={MAX_MAILING_SUBJECT_LENGTH}
            error={fields.subject}
            onChange={(event) => setSubject(event.target.value)}
          />
          <TextAreaField label="Текст письма" name="text" rows={12} value={text} error={fields.text} onChange={(event) => setText(event.target.value)} />
          <Hint>Обычный текст; абзацы разделяйте пустой строкой.</Hint>
          <AudienceChoice aria-describedby={fields.to ? 'mailing-to-error' : undefined}>
            <legend>Кому</legend>
            {AUDIENCES.map((audience) => (
              <label key={audience}>
                <input type="radio" name="to" value={audience} checked={to === audience} onChange={() => setTo(audience)} />
                {audienceLabel(audience)}
              </label>
            ))}
            {counts ? <Hint>Получат {channelsText(counts.channels[to])}.</Hint> : null}
            {countsFailed ? <FieldError>Не удалось узнать число получателей; сервер проверит его при отправке.</FieldError> : null}
            {fields.to ? <FieldError id="mailing-to-error">{fields.to}</FieldError> : null}
          </AudienceChoice>
          <FormActions>
            <LoadingButton loading={sending === 'subscribers' || sending === 'participants'} disabled={sending !== null}>
              Отправить…
            </LoadingButton>
            <LoadingButton type="button" $variant="secondary" loading={sending === 'test'} disabled={sending !== null} onClick={sendTest}>
              Отправить пробное письмо себе
            </LoadingButton>
          </FormActions>
        </form>
        <div>
          <h3>Так письмо увидят получатели</h3>
          <MailingPreview subject={subject} text={text} courseTitle={course.title} to={to} />
        </div>
      </Columns>
      <ConfirmDialog
        open={confirming}
        title="Отправить рассылку?"
        message={
          <>
            <p>
              {count === undefined ? 'Письмо будет отправлено' : `Будет отправлено ${lettersCount(count)}`} —{' '}
              {MAILING_AUDIENCE_LABELS[to].toLowerCase()} «{course.title}». Тема: «{subject.trim()}».
            </p>
            {counts ? <p>Получат {channelsText(counts.channels[to])}.</p> : null}
            <p>Отменить отправку будет нельзя.</p>
          </>
        }
        confirmLabel={count === undefined ? 'Отправить' : `Отправить ${lettersCount(count)}`}
        cancelLabel="Отмена"
        busy={sending !== null}
        onConfirm={() => void send({ subject, text, to })}
        onClose={() => {
          if (sending === null) setConfirming(false);
        }}
      />
      {leave.dialog}
    </Panel>
  );
}

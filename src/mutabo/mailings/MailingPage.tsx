// One mailing: its progress, read again every few seconds while it is sending, each recipient's result (sent, or
// failed and why), and the letter itself.
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { MAILING_AUDIENCE_LABELS, MAILING_RECIPIENT_STATE_LABELS, type MutaboMailing } from '../../../common/mutabo/mailings.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { CheckboxField } from '../../components/form/fields.tsx';
import { Loader } from '../../components/Loader.tsx';
import { CourseHeader } from '../courses/CourseNav.tsx';
import { personName } from '../payments/paymentText.ts';
import { Muted, Notice, Panel } from '../shell/areaParts.ts';
import { Badge, CellNote, DataTable, Td, Th, Tr } from '../shell/DataTable.tsx';
import { Facts } from '../shell/Facts.ts';
import { NotAuthorPage } from '../shell/NotAuthorPage.tsx';
import { formatDateTime } from '../shell/timeText.ts';
import { skipToken, useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { MAILING_STATE_LABELS, progressText } from './mailingText.ts';
import { MailingPreview } from './MailingPreview.tsx';

/** How often a mailing that is sending is read again. */
const MAILING_POLL_MS = 1500;

const Progress = styled.progress`
  width: 100%;
  max-width: ${({ theme }) => theme.widths.form}px;
  height: 1rem;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

export function MailingPage() {
  const { courseId, mailingId } = useParams();
  const course = Number(courseId);
  const id = Number(mailingId);
  const valid = [course, id].every((value) => Number.isInteger(value) && value > 0);
  const courseData = useResource(areaResources.course, valid ? course : skipToken);
  const mailing = useResource(areaResources.mailing, valid ? id : skipToken);
  const { reload } = mailing;
  const sending = mailing.data?.state === 'sending';

  // While sending, the mailing is read again after each answer (never two requests at once).
  useEffect(() => {
    if (!sending) return;
    const timer = setTimeout(() => void reload(), MAILING_POLL_MS);
    return () => clearTimeout(timer);
  }, [sending, mailing.data, mailing.error, reload]);

  const notFound = [courseData.error, mailing.error].some((error) => error?.statusCode === 404);
  if (!valid || notFound || (mailing.data && mailing.data.courseId !== course)) return <p>Рассылка не найдена.</p>;
  if ([courseData.error, mailing.error].some((error) => error?.statusCode === 403)) return <NotAuthorPage />;
  // A failed poll keeps the mailing on the screen; only a first load that failed is an error.
  if (courseData.error || (mailing.error && !mailing.data)) return <ErrorScreen />;
  if (!courseData.data || !mailing.data) return <Loader label="Загружаем рассылку" />;
  return (
    <section>
      <CourseHeader course={courseData.data} title={`Рассылка «${mailing.data.subject}»`} />
      <Mailing mailing={mailing.data} courseTitle={courseData.data.title} pollFailed={mailing.error !== null} />
    </section>
  );
}

function Mailing({ mailing, courseTitle, pollFailed }: { mailing: MutaboMailing; courseTitle: string; pollFailed: boolean }) {
  const location = useLocation();
  const justSent = (location.state as { sent?: boolean } | null)?.sent === true;
  const [onlyFailed, setOnlyFailed] = useState(false);
  const done = mailing.sent + mailing.failed;
  const recipients = onlyFailed ? mailing.recipients.filter((recipient) => recipient.state === 'failed') : mailing.recipients;

  return (
    <>
      {justSent ? <Notice>Рассылка принята: письма уходят в фоне, эту страницу можно закрыть.</Notice> : null}
      <Panel aria-labelledby="mailing-progress-title">
        <h2 id="mailing-progress-title">Ход отправки</h2>
        <Facts>
          <dt>Кому</dt>
          <dd>{MAILING_AUDIENCE_LABELS[mailing.to]}</dd>
          <dt>Отправил(а)</dt>
          <dd>
            {mailing.author.firstName} {mailing.author.lastName}
          </dd>
          <dt>Создана</dt>
          <dd>{formatDateTime(mailing.createdAt)}</dd>
          {mailing.finishedAt ? (
            <>
              <dt>Завершена</dt>
              <dd>{formatDateTime(mailing.finishedAt)}</dd>
            </>
          ) : null}
        </Facts>
        <p aria-live="polite">
          <strong>{MAILING_STATE_LABELS[mailing.state]}.</strong> {progressText(mailing)}.
        </p>
        <Progress value={done} max={Math.max(mailing.total, 1)} aria-label="Доля обработанных писем">
          {done} из {mailing.total}
        </Progress>
        {pollFailed ? <Muted>Не удалось обновить ход отправки; попробуем ещё раз.</Muted> : null}
      </Panel>

      <Panel aria-labelledby="mailing-recipients-title">
        <h2 id="mailing-recipients-title">Получатели</h2>
        {mailing.failed > 0 ? (
          <CheckboxField label="Только не доставленные" checked={onlyFailed} onChange={(event) => setOnlyFailed(event.target.checked)} />
        ) : null}
        {recipients.length === 0 ? (
          <Muted>Получателей нет.</Muted>
        ) : (
          <DataTable>
            <thead>
              <Tr>
                <Th>Получатель</Th>
                <Th>Результат</Th>
                <Th>Попыток</Th>
                <Th>Отправлено</Th>
              </Tr>
            </thead>
            <tbody>
              {recipients.map((recipient, index) => (
                // A deleted account's letters keep no address: their rows are told apart by their place.
                <Tr key={`${recipient.channel}-${recipient.email || `deleted-${index}`}`}>
                  <Td label="Получатель">
                    {personName(recipient)}
                    {recipient.firstName || recipient.lastName ? <CellNote>{recipient.email}</CellNote> : null}
                  </Td>
                  <Td label="Результат">
                    <Badge $tone={recipient.state === 'sent' ? 'done' : recipient.state === 'failed' ? 'attention' : 'plain'}>
                      {MAILING_RECIPIENT_STATE_LABELS[recipient.state]}
                    </Badge>
                    {recipient.channel === 'telegram' ? <CellNote>в Telegram</CellNote> : null}
                    {recipient.error ? <CellNote>{recipient.error}</CellNote> : null}
                  </Td>
                  <Td label="Попыток">{recipient.attempts}</Td>
                  <Td label="Отправлено">{formatDateTime(recipient.sentAt) || '—'}</Td>
                </Tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Panel>

      <Panel aria-labelledby="mailing-letter-title">
        <h2 id="mailing-letter-title">Письмо</h2>
        <MailingPreview subject={mailing.subject} text={mailing.text} courseTitle={courseTitle} to={mailing.to} />
      </Panel>
    </>
  );
}

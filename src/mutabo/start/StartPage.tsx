// The area's start page: what needs the author now over the courses they lead (the seller's details a payment
// provider waits for, refunds to make, people to approve with their lessons, one checkout's holds about to lapse,
// queues, upcoming lessons, places left, revenue), each item linking to where they act. People are counted as people:
// one person with four lessons is one, approved with one confirmation here. It opens with three small charts of the
// statistics (issue 37), each linking to «Статистика».
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatMoney } from '../../../common/coursePrices.ts';
import { COURSE_STATE_LABELS } from '../../../common/mutabo/courses.ts';
import { receiptTypeLabel } from '../../../common/mutabo/payments.ts';
import type { MutaboAwaitingPerson, MutaboDashboard, MutaboFailedReceipt } from '../../../common/mutabo/start.ts';
import { lessonsCount, peopleCount, placesCount } from '../../../common/plural.ts';
import { SELLER_FIELD_LABELS } from '../../../common/seller.ts';
import { isRequestError } from '../../api/requestError.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { FieldError, FormErrorBlock } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { areaPaths } from '../areaPaths.ts';
import { lessonNumbers, lessonsText } from '../participants/participantText.ts';
import { decisionButtonName, decisionDoneText, PersonDecisionDialog, runDecision, type DecidedLesson, type PersonDecision } from '../participants/PersonDecision.tsx';
import { resendReceipt } from '../payments/paymentsApi.ts';
import { personName } from '../payments/paymentText.ts';
import { RevenueTable } from '../payments/RevenueTable.tsx';
import { DiscountCosts } from '../discounts/DiscountCosts.tsx';
import { FirstSteps } from './FirstSteps.tsx';
import { SummaryCharts } from '../stats/SummaryCharts.tsx';
import { RecordingStorage } from './RecordingStorage.tsx';
import { Muted, Notice, Panel, RowActions, TitleRow } from '../shell/areaParts.ts';
import { NotAuthorPage } from '../shell/NotAuthorPage.tsx';
import { formatDateTime } from '../shell/timeText.ts';
import { useConfirmedAction } from '../shell/useConfirmedAction.ts';
import { useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  align-items: start;
  gap: 0 ${({ theme }) => theme.space(6)};

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Items = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  padding: ${({ theme }) => theme.space(3)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-wrap: anywhere;

  &:first-child {
    padding-top: 0;
  }

  &:last-child {
    border-bottom: 0;
    padding-bottom: 0;
  }
`;

const Facts = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

/** A panel that asks for the author's action: its heading is marked. */
const UrgentPanel = styled(Panel)`
  border-color: ${({ theme }) => theme.colors.accent};
  border-left-width: 4px;
`;

function Section({ id, title, urgent, children }: { id: string; title: string; urgent?: boolean; children: ReactNode }) {
  const Frame = urgent ? UrgentPanel : Panel;
  return (
    <Frame aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Frame>
  );
}

const lessonName = (number: number, title: string) => `${number}. ${title || 'Без названия'}`;

const Queued = styled.span.attrs({ role: 'status' })`
  display: block;
  margin-top: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.success};
`;

const ItemAction = styled.div`
  margin-top: ${({ theme }) => theme.space(2)};
`;

type ResendState = { state: 'busy' } | { state: 'queued' } | { state: 'error'; message: string };

/**
 * The receipts YooKassa refused, each with «Отправить снова»: busy until the server answers (a second click meanwhile
 * sends nothing), then the item says it is queued again, or shows the error beside its button. The summary is not
 * read again, so the item stays with its outcome.
 */
function RefusedReceipts({ receipts }: { receipts: MutaboFailedReceipt[] }) {
  const [states, setStates] = useState<Record<number, ResendState>>({});
  const running = useRef(new Set<number>());
  const resend = async (id: number) => {
    if (running.current.has(id)) return;
    running.current.add(id);
    setStates((current) => ({ ...current, [id]: { state: 'busy' } }));
    let next: ResendState;
    try {
      await resendReceipt(id);
      next = { state: 'queued' };
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      next = { state: 'error', message: caught.message };
    } finally {
      running.current.delete(id);
    }
    setStates((current) => ({ ...current, [id]: next }));
  };
  return (
    <Items>
      {receipts.map((receipt) => {
        const outcome = states[receipt.id];
        const lessons = receipt.lessons.map((lesson) => lessonName(lesson.number, lesson.title));
        const errorId = `receipt-${receipt.id}-error`;
        return (
          <Item key={receipt.id}>
            <Link to={areaPaths.coursePayments(receipt.course.id)}>
              Платёж № {receipt.paymentId}: {personName(receipt.payer)}
            </Link>
            <Facts>
              {receiptTypeLabel(receipt)}, {formatMoney(receipt.amount, receipt.currency)} · {receipt.course.title}
              {lessons.length > 0 ? ` · ${lessons.length === 1 ? 'занятие' : 'занятия'} ${lessons.join(', ')}` : ''}
            </Facts>
            {receipt.reason ? <Facts>Причина: {receipt.reason}</Facts> : null}
            {outcome?.state === 'queued' ? (
              <Queued>Чек снова в очереди на отправку.</Queued>
            ) : (
              <ItemAction>
                <LoadingButton
                  type="button"
                  $variant="secondary"
                  loading={outcome?.state === 'busy'}
                  aria-label={`Отправить снова чек по платежу № ${receipt.paymentId}${receipt.lessons.length === 1 ? `, занятие ${receipt.lessons[0]!.number}` : ''}`}
                  aria-describedby={outcome?.state === 'error' ? errorId : undefined}
                  onClick={() => void resend(receipt.id)}
                >
                  Отправить снова
                </LoadingButton>
                {outcome?.state === 'error' ? (
                  <FieldError id={errorId} role="alert">
                    {outcome.message}
                  </FieldError>
                ) : null}
              </ItemAction>
            )}
          </Item>
        );
      })}
    </Items>
  );
}

export function StartPage() {
  const dashboard = useResource(areaResources.dashboard);
  if (dashboard.error?.statusCode === 403) return <NotAuthorPage />;
  // A failed reading again (after an approval here) keeps the summary shown; one that could not be read at all is an error.
  if (dashboard.error && !dashboard.data) return <ErrorScreen />;
  return (
    <section>
      <TitleRow>
        <PageTitle>Сводка</PageTitle>
      </TitleRow>
      <SummaryCharts />
      <FirstSteps />
      {dashboard.data ? <Dashboard data={dashboard.data} reload={() => void dashboard.reload()} /> : <Loader label="Загружаем сводку" />}
      {dashboard.data ? <RecordingStorage /> : null}
    </section>
  );
}

const People = styled.ul`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(2)} 0;
  }
`;

const decidedLessons = (line: MutaboAwaitingPerson): DecidedLesson[] => line.lessons.map((lesson) => ({ participantId: lesson.participantId, number: lesson.number, title: lesson.title }));

/**
 * Per course, how many people wait for the author's approval, and each of them with their lessons and one
 * «Подтвердить» for all of them (the lessons can be unticked in the confirmation).
 */
function AwaitingApproval({ courses, people, reload }: { courses: MutaboDashboard['courses']; people: MutaboAwaitingPerson[]; reload: () => void }) {
  const action = useConfirmedAction<PersonDecision>(reload);
  const { asking, busy, notice, error, outcome } = action;
  const decide = (chosen: DecidedLesson[]) => {
    if (!asking) return;
    void action.run(async () => {
      await runDecision(asking.kind, chosen);
      return decisionDoneText(asking, chosen);
    });
  };
  return (
    <>
      <div ref={outcome} tabIndex={-1}>
        {notice ? <Notice>{notice}</Notice> : null}
        {error ? <FormErrorBlock>{error}</FormErrorBlock> : null}
      </div>
      <Items>
        {courses.map((course) => {
          const own = people.filter((line) => line.courseId === course.id);
          return (
            <Item key={course.id}>
              <Link to={areaPaths.participants(course.id, { state: 'reserved' })}>{course.title}</Link>
              <Facts>Записались и ждут вашего подтверждения: {peopleCount(course.awaitingApproval)}</Facts>
              {own.length > 0 ? (
                <People aria-label={`Ждут подтверждения на курсе «${course.title}»`}>
                  {own.map((line) => (
                    <li key={line.person.id}>
                      <span>
                        <strong>{personName(line.person)}</strong>
                        <Facts>{lessonsText(line.lessons)}</Facts>
                      </span>
                      <RowActions>
                        <LoadingButton
                          type="button"
                          loading={busy && asking?.person === line.person}
                          disabled={busy}
                          aria-label={decisionButtonName('approve', line.person, line.lessons.length)}
                          onClick={() => action.ask({ kind: 'approve', person: line.person, lessons: decidedLessons(line) })}
                        >
                          Подтвердить
                        </LoadingButton>
                      </RowActions>
                    </li>
                  ))}
                </People>
              ) : null}
              {course.awaitingApproval > own.length ? (
                <Facts>
                  <Link to={areaPaths.participants(course.id, { state: 'reserved' })}>Все, кто ждёт: {peopleCount(course.awaitingApproval)}</Link>
                </Facts>
              ) : null}
            </Item>
          );
        })}
      </Items>
      {asking ? (
        <PersonDecisionDialog
          key={asking.lessons.map((lesson) => lesson.participantId).join()}
          decision={asking}
          busy={busy}
          onConfirm={decide}
          onClose={action.cancel}
        />
      ) : null}
    </>
  );
}

/** «свободно 3 места из 10», «свободно 3–5 мест из 10», «нет мест на занятии 1; на других свободно до 4 из 5», «свободных мест нет». */
function placesText(course: MutaboDashboard['courses'][number]): string {
  if (course.publishedLessons === 0) return 'нет опубликованных занятий';
  if (course.mostPlacesLeft === 0) return 'свободных мест нет';
  const of = `из ${course.participantsLimit}`;
  if (course.fullLessons.length === 0) {
    const free = course.placesLeft === course.mostPlacesLeft ? placesCount(course.placesLeft) : `${course.placesLeft}–${placesCount(course.mostPlacesLeft)}`;
    return `свободно ${free} ${of}`;
  }
  const full = course.fullLessons.length === 1 ? `на занятии ${course.fullLessons[0]}` : `на занятиях ${lessonNumbers(course.fullLessons)}`;
  return `нет мест ${full}; на других свободно до ${course.mostPlacesLeft} ${of}`;
}

function Dashboard({ data, reload }: { data: MutaboDashboard; reload: () => void }) {
  const awaiting = data.courses.filter((course) => course.awaitingApproval > 0);
  const seller = data.seller;
  const failedReceipts = data.failedReceipts ?? [];
  const homeworkWaiting = data.homeworkWaiting ?? 0;
  const nothingUrgent =
    failedReceipts.length === 0 &&
    data.refundsRequired.length === 0 &&
    awaiting.length === 0 &&
    data.lapsingHolds.length === 0 &&
    !seller?.paymentsRefused &&
    homeworkWaiting === 0;
  return (
    <>
      {data.courses.length === 0 ? (
        <Muted>
          Здесь появятся записи, очереди и платежи, когда у вас будет анонсированный курс или курс с открытой записью.{' '}
          <Link to={areaPaths.courses}>К списку курсов</Link>
        </Muted>
      ) : nothingUrgent ? (
        <Muted>Сейчас ничего не ждёт вашего решения.</Muted>
      ) : null}

      {homeworkWaiting > 0 ? (
        <Section id="start-homework" title="Задания">
          <Link to={areaPaths.homework}>Ответы на задания ждут проверки: {homeworkWaiting}</Link>
        </Section>
      ) : null}

      {seller && seller.missing.length > 0 ? (
        <Section id="start-seller" title="Заполните реквизиты продавца" urgent={seller.paymentsRefused}>
          <Muted>Не заполнено: {seller.missing.map((field) => SELLER_FIELD_LABELS[field]).join(', ')}.</Muted>
          <Muted>
            {seller.paymentsRefused
              ? 'Пока они не заполнены, оплата через ЮKassa и PayPal не принимается: покупатели видят, что оплата недоступна.'
              : 'Без них ЮKassa и PayPal не примут оплату, когда будут подключены. Тестовая оплата работает и так.'}
          </Muted>
          <Link to={areaPaths.seller}>Заполнить реквизиты</Link>
        </Section>
      ) : null}

      {data.refundsRequired.length > 0 ? (
        <Section id="start-refunds" title="Нужно вернуть деньги" urgent>
          <Muted>Эти платежи прошли, но места за них не выданы: верните деньги плательщикам.</Muted>
          <Items>
            {data.refundsRequired.map((payment) => (
              <Item key={payment.id}>
                <Link to={areaPaths.coursePayments(payment.course.id)}>
                  Платёж № {payment.id}: {personName(payment.payer)}, {formatMoney(payment.amount, payment.currency)}
                </Link>
                <Facts>
                  {payment.course.title}
                  {payment.paidAt ? ` · оплачен ${formatDateTime(payment.paidAt)}` : ''}
                </Facts>
              </Item>
            ))}
          </Items>
        </Section>
      ) : null}

      {failedReceipts.length > 0 ? (
        <Section id="start-receipts" title="Отклонённые чеки" urgent>
          <Muted>ЮKassa не приняла эти чеки. Исправьте причину (например, реквизиты продавца) и отправьте их снова.</Muted>
          <RefusedReceipts receipts={failedReceipts} />
        </Section>
      ) : null}

      {awaiting.length > 0 ? (
        <Section id="start-approval" title="Ждут подтверждения" urgent>
          <AwaitingApproval courses={awaiting} people={data.awaitingPeople} reload={reload} />
        </Section>
      ) : null}

      {data.lapsingHolds.length > 0 ? (
        <Section id="start-holds" title="Брони скоро истекут">
          <Muted>Место держится, пока человек оплачивает; неоплаченная бронь снимается сама.</Muted>
          <Items>
            {data.lapsingHolds.map((hold) => (
              <Item key={hold.paymentId === null ? `row-${hold.lessons[0]?.participantId}` : `payment-${hold.paymentId}`}>
                <Link
                  to={areaPaths.participants(hold.courseId, { lesson: hold.lessons.length === 1 ? hold.lessons[0]!.id : undefined, state: 'reserved' })}
                >
                  {personName(hold.person)}: {hold.lessons.length === 1 ? lessonsText(hold.lessons) : lessonsCount(hold.lessons.length)}, до {formatDateTime(hold.expiresAt)}
                </Link>
                <Facts>
                  {hold.courseTitle}
                  {hold.lessons.length > 1 ? ` · занятия ${lessonNumbers(hold.lessons.map((lesson) => lesson.number))}` : ''}
                  {hold.paymentId !== null ? ` · платёж № ${hold.paymentId} не завершён` : ''}
                </Facts>
              </Item>
            ))}
          </Items>
        </Section>
      ) : null}

      <Grid>
        {data.waitingLists.length > 0 ? (
          <Section id="start-queues" title="Очереди">
            <Items>
              {data.waitingLists.map((queue) => (
                <Item key={queue.lessonId}>
                  <Link to={areaPaths.participants(queue.courseId, { lesson: queue.lessonId, state: 'waiting_list' })}>
                    {queue.courseTitle}: занятие {lessonName(queue.lessonNumber, queue.lessonTitle)}
                  </Link>
                  <Facts>В очереди {peopleCount(queue.waiting)}</Facts>
                </Item>
              ))}
            </Items>
          </Section>
        ) : null}

        {data.upcomingLessons.length > 0 ? (
          <Section id="start-upcoming" title="Ближайшие занятия">
            <Items>
              {data.upcomingLessons.map((lesson) => (
                <Item key={lesson.id}>
                  <Link to={areaPaths.participants(lesson.courseId, { lesson: lesson.id })}>
                    {formatDateTime(lesson.startsAt)}: {lesson.courseTitle}, занятие {lessonName(lesson.number, lesson.title)}
                  </Link>
                  <Facts>
                    Занято {lesson.taken} из {lesson.limit}
                  </Facts>
                </Item>
              ))}
            </Items>
          </Section>
        ) : null}

        {data.courses.length > 0 ? (
          <Section id="start-places" title="Места на курсах">
            <Items>
              {data.courses.map((course) => (
                <Item key={course.id}>
                  <Link to={areaPaths.participants(course.id)}>{course.title}</Link>
                  <Facts>
                    {COURSE_STATE_LABELS[course.state]} · {placesText(course)}
                    {course.waiting > 0 ? ` · в очереди ${peopleCount(course.waiting)}` : ''}
                    {course.inTelegram > 0 ? ` · в Telegram ${course.inTelegram} из ${peopleCount(course.participants)}` : ''}
                  </Facts>
                </Item>
              ))}
            </Items>
          </Section>
        ) : null}

        <Section id="start-revenue" title="Выручка">
          <RevenueTable revenue={data.revenue} caption="По валютам, за всё время" />
          <DiscountCosts costs={data.discountCosts} id="start-discount-costs-title" />
          <Link to={areaPaths.payments}>Все платежи</Link>
        </Section>
      </Grid>
    </>
  );
}

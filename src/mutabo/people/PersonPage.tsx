// A person's card in «Люди»: their account, places in lessons, payments, their discounts on the caller's courses (with
// a form that grants one), news subscriptions and every consent record (what, given or withdrawn, under which policy,
// where, when, from which address and browser), and the answers to their written request about their data: the export
// of everything and the deletion, recorded in the history below. A deleted account keeps its card with what the law
// keeps (payments, refunds, consent records), without names.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatMoney } from '../../../common/coursePrices.ts';
import { DELETED_PERSON_NAME } from '../../../common/accountDeletion.ts';
import { REFUND_STATE_LABELS } from '../../../common/mutabo/payments.ts';
import type { MutaboPersonCard } from '../../../common/mutabo/people.ts';
import { isRequestError } from '../../api/requestError.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { saveFile } from '../../lib/saveFile.ts';
import { areaPaths } from '../areaPaths.ts';
import { SharedHistory } from '../content/SharedHistory.tsx';
import { PAYMENT_STATE_LABELS, PROVIDER_LABELS } from '../payments/paymentText.ts';
import { Muted, Notice, Panel } from '../shell/areaParts.ts';
import { CellNote, DataTable, Td, Th, Tr } from '../shell/DataTable.tsx';
import { Facts } from '../shell/Facts.ts';
import { NotAuthorPage } from '../shell/NotAuthorPage.tsx';
import { formatDateTime } from '../shell/timeText.ts';
import { skipToken, useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { DeletePersonPanel } from './DeletePersonPanel.tsx';
import { PersonDiscountsPanel } from './PersonDiscountsPanel.tsx';
import { PersonRecordingAccessPanel } from './PersonRecordingAccess.tsx';
import { exportPerson } from './peopleApi.ts';
import { consentActionText, consentSourceText, consentSubject, personName, placeText } from './peopleText.ts';

const BackLink = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
`;

const PlainList = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
`;

/** In columns, the short cells keep their words whole; only the browser's long user agent may break anywhere. */
const ConsentTable = styled(DataTable)`
  ${({ theme }) => theme.media.desktop} {
    td:not(:last-child) {
      overflow-wrap: normal;
    }
  }
`;

/** The export for the person's request: the file they would get themselves, recorded in the history. */
function RequestPanel({ person, onRecorded }: { person: MutaboPersonCard; onRecorded: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      saveFile(await exportPerson(person.id), `person-${person.id}-data.json`);
      setNotice('Файл с данными скачан; выгрузка записана в историю.');
      onRecorded();
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setError(caught.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel aria-labelledby="person-request-title">
      <h2 id="person-request-title">Запрос человека о его данных</h2>
      <p>
        По письменному запросу человека выгрузите всё, что сайт о нём хранит, одним файлом JSON — тем же, что он может скачать сам в
        профиле («Мои данные»), — и отправьте ему. Выгрузка записывается в историю с вашим именем.
      </p>
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <FormErrorBlock>{error}</FormErrorBlock> : null}
      <LoadingButton type="button" $variant="secondary" loading={busy} onClick={() => void download()}>
        {busy ? 'Готовим файл…' : 'Выгрузить данные по запросу'}
      </LoadingButton>
    </Panel>
  );
}

/** Whether the person came into the room (through the site's join link) or watched the recording instead. */
function presenceText(lesson: MutaboPersonCard['lessons'][number]): string {
  if (lesson.joinedAt !== null) return `пришёл(ла) ${formatDateTime(lesson.joinedAt)}${lesson.watchedRecording ? ', смотрел(а) запись' : ''}`;
  if (lesson.watchedRecording) return 'смотрел(а) запись';
  return '—';
}

function LessonsPanel({ person }: { person: MutaboPersonCard }) {
  return (
    <Panel aria-labelledby="person-lessons-title">
      <h2 id="person-lessons-title">Курсы и занятия</h2>
      {person.lessons.length === 0 ? (
        <Muted>Ни на одно занятие не записан(а).</Muted>
      ) : (
        <DataTable>
          <thead>
            <Tr>
              <Th>Курс</Th>
              <Th>Занятие</Th>
              <Th>Время занятия</Th>
              <Th>Состояние</Th>
              <Th>Записан(а)</Th>
              <Th>Был(а) на занятии</Th>
            </Tr>
          </thead>
          <tbody>
            {person.lessons.map((lesson) => (
              <Tr key={lesson.lessonId}>
                <Td label="Курс">{lesson.courseTitle}</Td>
                <Td label="Занятие">
                  {lesson.lessonNumber}. {lesson.lessonTitle || 'Без названия'}
                </Td>
                <Td label="Время занятия">{lesson.startsAt ? formatDateTime(lesson.startsAt) : 'не назначено'}</Td>
                <Td label="Состояние">{placeText(lesson)}</Td>
                <Td label="Записан(а)">{formatDateTime(lesson.since)}</Td>
                <Td label="Был(а) на занятии">{presenceText(lesson)}</Td>
              </Tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </Panel>
  );
}

function PaymentsPanel({ person }: { person: MutaboPersonCard }) {
  return (
    <Panel aria-labelledby="person-payments-title">
      <h2 id="person-payments-title">Платежи</h2>
      {person.payments.length === 0 ? (
        <Muted>Платежей нет.</Muted>
      ) : (
        <DataTable>
          <thead>
            <Tr>
              <Th>Платёж</Th>
              <Th>Сумма</Th>
              <Th>Состояние</Th>
              <Th>Занятия</Th>
              <Th>Время</Th>
            </Tr>
          </thead>
          <tbody>
            {person.payments.map((payment) => {
              const refunds = person.refunds.filter((refund) => refund.paymentId === payment.id);
              return (
                <Tr key={payment.id}>
                  <Td label="Платёж">
                    № {payment.id}
                    <CellNote>{PROVIDER_LABELS[payment.system] ?? payment.system}</CellNote>
                  </Td>
                  <Td label="Сумма">{formatMoney(Number(payment.amount), payment.currency)}</Td>
                  <Td label="Состояние">
                    {PAYMENT_STATE_LABELS[payment.state]}
                    {refunds.map((refund) => (
                      <CellNote key={refund.id}>
                        {REFUND_STATE_LABELS[refund.state]}: {formatMoney(Number(refund.amount), refund.currency)}, {formatDateTime(refund.completedAt ?? refund.createdAt)}
                      </CellNote>
                    ))}
                  </Td>
                  <Td label="Занятия">
                    {payment.lessons.length === 0
                      ? '—'
                      : payment.lessons.map((lesson) => (
                          <CellNote key={lesson.id}>
                            «{lesson.courseTitle}», {lesson.number}. {lesson.title || 'Без названия'}
                          </CellNote>
                        ))}
                  </Td>
                  <Td label="Время">
                    создан {formatDateTime(payment.createdAt)}
                    {payment.paidAt ? <CellNote>оплачен {formatDateTime(payment.paidAt)}</CellNote> : null}
                  </Td>
                </Tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
    </Panel>
  );
}

function SubscriptionsPanel({ person }: { person: MutaboPersonCard }) {
  return (
    <Panel aria-labelledby="person-news-title">
      <h2 id="person-news-title">Подписки на новости</h2>
      {person.newsSubscriptions.length === 0 ? (
        <Muted>Не подписан(а) на новости курсов.</Muted>
      ) : (
        <PlainList>
          {person.newsSubscriptions.map((subscription) => (
            <li key={subscription.courseId}>
              «{subscription.courseTitle}» — с {formatDateTime(subscription.since)}
            </li>
          ))}
        </PlainList>
      )}
    </Panel>
  );
}

function ConsentsPanel({ person }: { person: MutaboPersonCard }) {
  return (
    <Panel aria-labelledby="person-consents-title">
      <h2 id="person-consents-title">Согласия</h2>
      <p>Каждое согласие и каждый отзыв согласия, как они записаны; записи не меняются и не удаляются.</p>
      {person.consents.length === 0 ? (
        <Muted>Записей о согласиях нет.</Muted>
      ) : (
        <ConsentTable $stackBelow="desktop">
          <thead>
            <Tr>
              <Th>Согласие</Th>
              <Th>Действие</Th>
              <Th>Редакция политики</Th>
              <Th>Где</Th>
              <Th>Когда</Th>
              <Th>Адрес</Th>
              <Th>Браузер</Th>
            </Tr>
          </thead>
          <tbody>
            {person.consents.map((consent, index) => (
              <Tr key={`${consent.at}-${index}`}>
                <Td label="Согласие">{consentSubject(consent)}</Td>
                <Td label="Действие">{consentActionText(consent)}</Td>
                <Td label="Редакция политики">{consent.policyVersion}</Td>
                <Td label="Где">{consentSourceText(consent)}</Td>
                <Td label="Когда">{formatDateTime(consent.at)}</Td>
                <Td label="Адрес">{consent.ip ?? 'не записан'}</Td>
                <Td label="Браузер">{consent.userAgent ?? 'не записан'}</Td>
              </Tr>
            ))}
          </tbody>
        </ConsentTable>
      )}
    </Panel>
  );
}

export function PersonPage() {
  const { personId } = useParams();
  const id = Number(personId);
  const valid = Number.isInteger(id) && id > 0;
  const person = useResource(areaResources.person, valid ? id : skipToken);
  // Bumped by each recorded request, so the history below reads itself again.
  const [recorded, setRecorded] = useState(0);
  const [deletedNow, setDeletedNow] = useState(false);

  if (person.error?.statusCode === 403) return <NotAuthorPage />;
  if (!valid || person.error?.statusCode === 404) {
    return (
      <section>
        <PageTitle>Человек не найден</PageTitle>
        <p>Такого человека на сайте нет: возможно, его аккаунт удалён.</p>
        <p>
          <Link to={areaPaths.people}>Ко всем людям</Link>
        </p>
      </section>
    );
  }
  if (person.error) return <ErrorScreen />;
  const data = person.data;
  if (!data) return <Loader label="Загружаем данные человека" />;
  const deleted = data.deletedAt !== null;
  const title = deleted ? `${DELETED_PERSON_NAME.charAt(0).toUpperCase()}${DELETED_PERSON_NAME.slice(1)} № ${data.id}` : personName(data);

  const onDeleted = () => {
    setDeletedNow(true);
    setRecorded((count) => count + 1);
    void person.reload();
  };

  return (
    <section>
      <BackLink>
        <Link to={areaPaths.people}>← Все люди</Link>
      </BackLink>
      <PageTitle>{title}</PageTitle>
      {deletedNow && deleted ? <Notice>Данные удалены; удаление записано в историю.</Notice> : null}
      {deleted ? (
        <Facts $after={6}>
          <dt>Зарегистрирован(а)</dt>
          <dd>{formatDateTime(data.registeredAt)}</dd>
          <dt>Аккаунт удалён</dt>
          <dd>{formatDateTime(data.deletedAt)}</dd>
        </Facts>
      ) : (
        <Facts $after={6}>
          <dt>Почта</dt>
          <dd>{data.email}</dd>
          <dt>Зарегистрирован(а)</dt>
          <dd>{formatDateTime(data.registeredAt)}</dd>
          <dt>Почта подтверждена</dt>
          <dd>{data.confirmed ? 'да' : 'нет'}</dd>
          <dt>Год рождения</dt>
          <dd>{data.yearOfBirth ?? 'не указан'}</dd>
          {data.isAuthor ? (
            <>
              <dt>Роль</dt>
              <dd>автор курсов</dd>
            </>
          ) : null}
        </Facts>
      )}
      {deleted ? (
        <p>Имя, почта и профиль стёрты. Остались только записи, которые требует хранить закон: платежи, возвраты и согласия.</p>
      ) : (
        <>
          <RequestPanel person={data} onRecorded={() => setRecorded((count) => count + 1)} />
          <DeletePersonPanel person={data} onDeleted={onDeleted} />
        </>
      )}
      <LessonsPanel person={data} />
      <PaymentsPanel person={data} />
      {deleted ? null : (
        <PersonDiscountsPanel
          person={data}
          onDiscounts={(discounts) => person.setData({ ...data, discounts })}
          reload={person.reload}
        />
      )}
      {deleted ? null : <PersonRecordingAccessPanel person={data} reload={person.reload} />}
      <SubscriptionsPanel person={data} />
      <ConsentsPanel person={data} />
      <SharedHistory entity="person" id={data.id} version={recorded} />
    </section>
  );
}

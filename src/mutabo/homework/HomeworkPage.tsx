// «Задания» (issue 35): the answers to review, oldest first, narrowed by course and state and paged (all kept in the
// address), and below them the numbers of each assignment.
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { idFromText } from '../../../common/ids.ts';
import { HOMEWORK_QUEUE_PAGE_SIZE, HOMEWORK_STATE_LABELS, type HomeworkQueuePage } from '../../../common/homework.ts';
import { Button } from '../../components/Button.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { SelectField } from '../../components/form/fields.tsx';
import { Loader } from '../../components/Loader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useResource } from '../../data/useResource.ts';
import { areaPaths } from '../areaPaths.ts';
import { areaResources } from '../areaResources.ts';
import { CourseSelect } from '../content/CourseSelect.tsx';
import { Muted, Notice, Panel, TitleRow } from '../shell/areaParts.ts';
import { Badge, CellNote, DataTable, Td, Th, Tr } from '../shell/DataTable.tsx';
import { NotAuthorPage } from '../shell/NotAuthorPage.tsx';
import { formatDateTimeIn } from '../shell/timeText.ts';
import { useAddressParams } from '../useAddressParams.ts';
import type { HomeworkQueueQuery } from './homeworkApi.ts';
import { medianText, QUEUE_FILTERS, queueFilterOf, queueState, type QueueFilter } from './homeworkWords.ts';

const Filters = styled.div`
  display: grid;
  gap: 0 ${({ theme }) => theme.space(4)};
  max-width: ${({ theme }) => theme.widths.content}px;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
`;

export function HomeworkPage() {
  const [params, setParams] = useAddressParams();
  // The decision just taken on an answer's page, said here.
  const { state } = useLocation() as { state: { notice?: unknown } | null };
  const notice = typeof state?.notice === 'string' ? state.notice : null;
  const courseId = idFromText(params.get('course'));
  const filter = queueFilterOf(params.get('state'));
  const pageNumber = Number(params.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber > 0 ? pageNumber : 1;

  const go = (next: { course?: number; state?: QueueFilter; page?: number }) => {
    const written: Record<string, string> = {};
    if (next.course) written.course = String(next.course);
    if (next.state && next.state !== 'submitted') written.state = next.state;
    if (next.page && next.page > 1) written.page = String(next.page);
    setParams(written);
  };

  return (
    <section>
      <TitleRow>
        <PageTitle>Задания</PageTitle>
      </TitleRow>
      {notice ? <Notice>{notice}</Notice> : null}
      <Filters>
        <CourseSelect
          label="Курс"
          value={courseId ? String(courseId) : ''}
          current={null}
          none="Все курсы"
          onChange={(value) => go({ course: idFromText(value), state: filter })}
        />
        <SelectField label="Состояние" name="state" value={filter} onChange={(event) => go({ course: courseId, state: queueFilterOf(event.target.value) })}>
          {QUEUE_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </Filters>
      <HomeworkQueue query={{ course: courseId, state: queueState(filter), page }} setPage={(next) => go({ course: courseId, state: filter, page: next })} />
      <HomeworkStats courseId={courseId} />
    </section>
  );
}

function HomeworkQueue({ query, setPage }: { query: HomeworkQueueQuery; setPage: (page: number) => void }) {
  const key = JSON.stringify(query);
  const loaded = useResource(areaResources.homeworkQueue, { key, query });
  // While another filter or page loads, the list read last stays, marked busy, so the table does not jump away.
  const [last, setLast] = useState<{ key: string; page: HomeworkQueuePage } | null>(null);
  if (loaded.data && loaded.data !== last) setLast(loaded.data);
  const shown = loaded.data ?? last;
  if (loaded.error?.statusCode === 403) return <NotAuthorPage />;
  if (loaded.error) return <ErrorScreen />;
  if (!shown) return <Loader label="Загружаем ответы" />;
  return <QueueTable data={shown.page} stale={shown.key !== key} page={query.page} setPage={setPage} />;
}

interface QueueTableProps {
  data: HomeworkQueuePage;
  /** The answer shown is another filter's, while this one loads. */
  stale: boolean;
  page: number;
  setPage: (page: number) => void;
}

function QueueTable({ data, stale, page, setPage }: QueueTableProps) {
  const pages = Math.max(1, Math.ceil(data.count / HOMEWORK_QUEUE_PAGE_SIZE));
  return (
    <Panel aria-labelledby="homework-queue" aria-busy={stale || undefined}>
      <h2 id="homework-queue">Ответы</h2>
      <p role="status">Ждут проверки: {data.waiting}</p>
      {data.results.length === 0 ? (
        <Muted>Здесь нет ответов.</Muted>
      ) : (
        <DataTable aria-labelledby="homework-queue">
          <thead>
            <Tr>
              <Th>Участник</Th>
              <Th>Курс и занятие</Th>
              <Th>Отправлен</Th>
              <Th>Состояние</Th>
              <Th>Файлы</Th>
            </Tr>
          </thead>
          <tbody>
            {data.results.map((item) => (
              <Tr key={item.id}>
                <Td label="Участник">
                  <Link to={areaPaths.homeworkAnswer(item.id)}>{item.person.name || item.person.email}</Link>
                  {item.person.name ? <CellNote>{item.person.email}</CellNote> : null}
                </Td>
                <Td label="Курс и занятие">
                  {item.course.title}
                  <CellNote>
                    Занятие {item.lesson.number}. {item.lesson.title}
                  </CellNote>
                </Td>
                <Td label="Отправлен">
                  {formatDateTimeIn(item.submittedAt, item.course.timeZone)}
                  {item.late ? <CellNote>с опозданием</CellNote> : null}
                </Td>
                <Td label="Состояние">
                  <Badge $tone={item.state === 'submitted' ? 'attention' : item.state === 'accepted' ? 'done' : 'plain'}>{HOMEWORK_STATE_LABELS[item.state]}</Badge>
                </Td>
                <Td label="Файлы">{item.files}</Td>
              </Tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {pages > 1 ? (
        <Pager aria-label="Страницы списка ответов">
          <Button $variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Назад
          </Button>
          <span>
            Страница {page} из {pages}
          </span>
          <Button $variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Дальше
          </Button>
        </Pager>
      ) : null}
    </Panel>
  );
}

function HomeworkStats({ courseId }: { courseId: number | undefined }) {
  const stats = useResource(areaResources.homeworkStats, courseId ?? null);
  let body;
  if (stats.error) body = <Muted>Не удалось загрузить статистику: {stats.error.message}</Muted>;
  else if (!stats.data) body = <Loader label="Загружаем статистику" />;
  else if (stats.data.length === 0) body = <Muted>Заданий пока нет.</Muted>;
  else
    body = (
      <DataTable aria-labelledby="homework-stats">
        <thead>
          <Tr>
            <Th>Задание</Th>
            <Th>Ответили</Th>
            <Th>Ждут</Th>
            <Th>Принято</Th>
            <Th>На доработке</Th>
            <Th>С опозданием</Th>
            <Th>Медиана до решения</Th>
          </Tr>
        </thead>
        <tbody>
          {stats.data.map((row) => (
            <Tr key={row.lesson.id}>
              <Td label="Задание">
                Занятие {row.lesson.number}. {row.lesson.title}
                <CellNote>{row.course.title}</CellNote>
              </Td>
              <Td label="Ответили">{row.answered}</Td>
              <Td label="Ждут">{row.waiting}</Td>
              <Td label="Принято">{row.accepted}</Td>
              <Td label="На доработке">{row.returned}</Td>
              <Td label="С опозданием">{row.late}</Td>
              <Td label="Медиана до решения">{medianText(row.medianDecisionSeconds)}</Td>
            </Tr>
          ))}
        </tbody>
      </DataTable>
    );
  return (
    <Panel aria-labelledby="homework-stats">
      <h2 id="homework-stats">Статистика</h2>
      {body}
    </Panel>
  );
}

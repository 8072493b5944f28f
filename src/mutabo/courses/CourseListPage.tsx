// The courses the author leads: title, state, start, places; search by title and pages when the list is long.
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Button, ButtonLink } from '../../components/Button.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { Loader } from '../../components/Loader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { formatFullDate } from '../../lib/dates.ts';
import { areaPaths } from '../areaPaths.ts';
import { Muted, Notice, TitleRow } from '../shell/areaParts.ts';
import { NotAuthorPage } from '../shell/NotAuthorPage.tsx';
import { useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { COURSE_STATE_LABELS } from '../../../common/mutabo/courses.ts';

const COURSES_PAGE_SIZE = 20;

const List = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  padding: 0;
  list-style: none;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Item = styled.li`
  padding: ${({ theme }) => theme.space(3)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  a {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fonts.sizes.lead};
  }
`;

const Facts = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${({ theme }) => theme.space(4)};
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const Search = styled.div`
  max-width: ${({ theme }) => theme.widths.form}px;
`;

export function CourseListPage() {
  const courses = useResource(areaResources.courses);
  // Set by the course editor after the caller took themselves out of a course's authors.
  const leftCourse = (useLocation().state as { leftCourse?: string } | null)?.leftCourse;
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);

  const found = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase('ru');
    const all = courses.data ?? [];
    return needle ? all.filter((course) => course.title.toLocaleLowerCase('ru').includes(needle)) : all;
  }, [courses.data, query]);
  const pages = Math.max(1, Math.ceil(found.length / COURSES_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = found.slice((current - 1) * COURSES_PAGE_SIZE, current * COURSES_PAGE_SIZE);

  if (courses.error?.statusCode === 403) return <NotAuthorPage />;
  if (courses.error) return <ErrorScreen />;

  return (
    <section>
      <TitleRow>
        <PageTitle>Курсы</PageTitle>
        <ButtonLink to={areaPaths.newCourse}>Новый курс</ButtonLink>
      </TitleRow>
      {leftCourse !== undefined ? <Notice>Вы больше не автор курса «{leftCourse || 'Курс без названия'}».</Notice> : null}
      {courses.loading && !courses.data ? (
        <Loader label="Загружаем курсы" />
      ) : (
        <>
          <Search>
            <TextField
              label="Поиск по названию"
              type="search"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setPage(1);
              }}
            />
          </Search>
          {shown.length === 0 ? (
            <Muted>{query.trim() ? 'Ни один курс не подходит под поиск.' : 'У вас пока нет курсов. Создайте первый.'}</Muted>
          ) : (
            <List aria-label="Ваши курсы">
              {shown.map((course) => (
                <Item key={course.id}>
                  <Link to={areaPaths.course(course.id)}>{course.title || 'Без названия'}</Link>
                  <Facts>
                    <span>{COURSE_STATE_LABELS[course.state]}</span>
                    <span>{course.start ? `Начало ${formatFullDate(course.start)}` : 'Дата начала не указана'}</span>
                    <span>
                      Занято мест: {course.placesTaken} из {course.participantsLimit}
                    </span>
                  </Facts>
                </Item>
              ))}
            </List>
          )}
          {pages > 1 ? (
            <Pager aria-label="Страницы списка курсов">
              <Button $variant="secondary" disabled={current === 1} onClick={() => setPage(current - 1)}>
                Назад
              </Button>
              <span>
                Страница {current} из {pages}
              </span>
              <Button $variant="secondary" disabled={current === pages} onClick={() => setPage(current + 1)}>
                Дальше
              </Button>
            </Pager>
          ) : null}
        </>
      )}
    </section>
  );
}

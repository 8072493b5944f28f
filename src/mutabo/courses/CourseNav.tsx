// The pages of one course in the area (the editor, its participants, payments, discounts and mailings), as tabs above
// each of them, and the heading of the pages other than the editor: the course's name, then what the page holds. The
// tabs stay one row on a phone: what does not fit scrolls sideways inside the row, never the page.
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { PageTitle } from '../../components/PageTitle.tsx';
import { areaPaths } from '../areaPaths.ts';

const Tabs = styled.ul`
  display: flex;
  flex-wrap: nowrap;
  overflow-x: auto;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0 0 ${({ theme }) => theme.space(6)};
  padding: 0;
  list-style: none;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  & > li {
    flex: none;
  }
`;

const Tab = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(3)};
  white-space: nowrap;
  border-bottom: 3px solid transparent;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  text-decoration: none;

  &:hover {
    color: ${({ theme }) => theme.colors.primary};
  }

  &.active {
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const CourseName = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.colors.muted};
  overflow-wrap: anywhere;
`;

export function CourseNav({ courseId }: { courseId: number }) {
  const tabs = [
    // The editor's address is the start of the others': it is current only at its own.
    { label: 'Курс', path: areaPaths.course(courseId), end: true },
    { label: 'Участники', path: areaPaths.participants(courseId), end: true },
    { label: 'Платежи', path: areaPaths.coursePayments(courseId), end: true },
    { label: 'Скидки', path: areaPaths.courseDiscounts(courseId), end: true },
    // A mailing's own page is under the mailings.
    { label: 'Рассылки', path: areaPaths.mailings(courseId), end: false },
  ];
  return (
    <nav aria-label="Страницы курса">
      <Tabs>
        {tabs.map((tab) => (
          <li key={tab.path}>
            <Tab to={tab.path} end={tab.end}>
              {tab.label}
            </Tab>
          </li>
        ))}
      </Tabs>
    </nav>
  );
}

/** «Курс «…»» above the page's own heading, and the course's tabs below it. */
export function CourseHeader({ course, title }: { course: { id: number; title: string }; title: string }) {
  const courseTitle = course.title || 'Курс без названия';
  return (
    <>
      <CourseName>Курс «{courseTitle}»</CourseName>
      <PageTitle documentTitle={`${title}: ${courseTitle}`}>{title}</PageTitle>
      <CourseNav courseId={course.id} />
    </>
  );
}

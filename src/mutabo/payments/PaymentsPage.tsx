// «Платежи»: the payments of every course the author leads, narrowed to one course on request (kept in the address),
// and the same list on a course's own «Платежи» tab.
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { idFromText } from '../../../common/ids.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { Loader } from '../../components/Loader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { getCourse } from '../api.ts';
import { CourseSelect } from '../content/CourseSelect.tsx';
import { CourseHeader } from '../courses/CourseNav.tsx';
import { TitleRow } from '../shell/areaParts.ts';
import { NotAuthorPage } from '../shell/NotAuthorPage.tsx';
import { useLoad } from '../useLoad.ts';
import { PaymentsList } from './PaymentsList.tsx';
import { useAddressParams } from '../useAddressParams.ts';

const Filter = styled.div`
  max-width: ${({ theme }) => theme.widths.form}px;
`;

export function PaymentsPage() {
  const address = useAddressParams();
  const [params, setParams] = address;
  const courseId = idFromText(params.get('course'));
  return (
    <section>
      <TitleRow>
        <PageTitle>Платежи</PageTitle>
      </TitleRow>
      <Filter>
        <CourseSelect
          label="Курс"
          value={courseId ? String(courseId) : ''}
          current={null}
          none="Все курсы"
          onChange={(value) => setParams(value ? { course: value } : {})}
        />
      </Filter>
      <PaymentsList courseId={courseId} address={address} />
    </section>
  );
}

export function CoursePaymentsPage() {
  const { courseId } = useParams();
  const address = useAddressParams();
  const id = Number(courseId);
  const valid = Number.isInteger(id) && id > 0;
  const load = useCallback(() => getCourse(id), [id]);
  const course = useLoad(valid ? load : null);
  if (!valid || course.error?.statusCode === 404) return <p>Курс не найден или вы его не ведёте.</p>;
  if (course.error?.statusCode === 403) return <NotAuthorPage />;
  if (course.error) return <ErrorScreen />;
  if (!course.data) return <Loader label="Загружаем курс" />;
  return (
    <section>
      <CourseHeader course={course.data} title="Платежи" />
      <PaymentsList courseId={id} address={address} />
    </section>
  );
}

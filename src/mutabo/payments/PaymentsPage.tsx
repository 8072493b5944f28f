// «Платежи»: the payments of every course the author leads, narrowed to one course on request (kept in the address),
// and the same list on a course's own «Платежи» tab.
import styled from 'styled-components';
import { idFromText } from '../../../common/ids.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { CourseSelect } from '../content/CourseSelect.tsx';
import { CourseHeader } from '../courses/CourseNav.tsx';
import { TitleRow } from '../shell/areaParts.ts';
import { PaymentsList } from './PaymentsList.tsx';
import { useAddressParams } from '../useAddressParams.ts';
import { useLedCourse } from '../courses/useLedCourse.tsx';

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
  const address = useAddressParams();
  const { course, instead } = useLedCourse();
  if (instead) return instead;
  return (
    <section>
      <CourseHeader course={course} title="Платежи" />
      <PaymentsList courseId={course.id} address={address} />
    </section>
  );
}

// An unknown or draft course: a Russian «not found» with the way back to the catalogue.
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { PageContainer } from '../../components/PageContainer.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { PAGE_HEADINGS } from '../../../common/pageMeta.ts';

export function CourseNotFound() {
  return (
    <PageContainer $width="text">
      <PageTitle>{PAGE_HEADINGS.courseNotFound}</PageTitle>
      <p>Такого курса на сайте нет: возможно, он ещё готовится к публикации или в адресе опечатка.</p>
      <p>
        <Link to={paths.home}>Перейти к каталогу курсов</Link>
      </p>
    </PageContainer>
  );
}

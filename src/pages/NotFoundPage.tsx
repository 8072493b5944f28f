// Any address the site does not know.
import { Link } from 'react-router-dom';
import { paths } from '../app/paths.ts';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { PAGE_HEADINGS } from '../../common/pageMeta.ts';

export function NotFoundPage() {
  return (
    <PageContainer $width="text">
      <PageTitle>{PAGE_HEADINGS.notFound}</PageTitle>
      <p>Такой страницы на сайте нет: возможно, в адресе опечатка или страницу убрали.</p>
      <p>
        <Link to={paths.home}>Перейти на главную</Link>
      </p>
    </PageContainer>
  );
}

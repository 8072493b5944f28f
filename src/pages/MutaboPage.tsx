// /mutabo inside the site: the authors' admin area itself is served elsewhere, so this only says so.
import { Link } from 'react-router-dom';
import { paths } from '../app/paths.ts';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';

export function MutaboPage() {
  return (
    <PageContainer $width="text">
      <PageTitle>Раздел авторов</PageTitle>
      <p>Здесь авторы управляют курсами, уроками и материалами. Раздел открыт только авторам.</p>
      <p>
        <Link to={paths.home}>Вернуться на главную</Link>
      </p>
    </PageContainer>
  );
}

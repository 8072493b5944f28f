// What a logged-in user who is not an author sees at /mutabo.
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { PageContainer } from '../../components/PageContainer.ts';
import { PageTitle } from '../../components/PageTitle.tsx';

const NOT_AUTHOR_TITLE = 'Раздел только для авторов';

export function NotAuthorPage() {
  return (
    <PageContainer $width="text">
      <PageTitle>{NOT_AUTHOR_TITLE}</PageTitle>
      <p>
        Здесь авторы школы ведут свои курсы, занятия и материалы сайта. Ваша учётная запись не принадлежит автору, поэтому
        этот раздел вам недоступен.
      </p>
      <p>
        <Link to={paths.home}>Перейти на главную</Link> · <Link to={paths.profile}>Личный кабинет</Link>
      </p>
    </PageContainer>
  );
}

// An address inside the area that it does not know.
import { Link } from 'react-router-dom';
import { PageTitle } from '../../components/PageTitle.tsx';
import { areaPaths } from '../areaPaths.ts';

export function AreaNotFound() {
  return (
    <section>
      <PageTitle>Страница не найдена</PageTitle>
      <p>В разделе авторов такой страницы нет.</p>
      <p>
        <Link to={areaPaths.courses}>К списку курсов</Link>
      </p>
    </section>
  );
}

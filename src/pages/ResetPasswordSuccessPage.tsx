// Told after the new password is saved, with the way back to the login page.
import { Link } from 'react-router-dom';
import { paths } from '../app/paths.ts';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { Notice } from '../components/form/FormLayout.ts';

export function ResetPasswordSuccessPage() {
  return (
    <PageContainer $width="form">
      <PageTitle documentTitle="Новый пароль создан">НОВЫЙ ПАРОЛЬ СОЗДАН</PageTitle>
      <Notice>
        <p>Ваш пароль изменён. Теперь войдите на сайт с новым паролем.</p>
      </Notice>
      <p>
        <Link to={paths.login}>Войти на сайт</Link>
      </p>
    </PageContainer>
  );
}

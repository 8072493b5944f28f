// Told after sign-up: the confirmation e-mail is on its way; look in the spam folder too.
import { Link } from 'react-router-dom';
import { paths } from '../app/paths.ts';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { Notice } from '../components/form/FormLayout.ts';

export function SignupEmailSentPage() {
  return (
    <PageContainer $width="form">
      <PageTitle documentTitle="Письмо отправлено">ПИСЬМО ОТПРАВЛЕНО</PageTitle>
      <Notice>
        <p>
          Мы отправили вам письмо со ссылкой для подтверждения регистрации. Перейдите по ссылке из письма, чтобы
          завершить регистрацию.
        </p>
        <p>Если письма нет во входящих, проверьте папку «Спам».</p>
      </Notice>
      <p>
        <Link to={paths.home}>На главную</Link>
      </p>
    </PageContainer>
  );
}

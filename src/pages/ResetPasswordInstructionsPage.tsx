// Told after a reset request: the e-mail with instructions is on its way; look in the spam folder too.
import { Link } from 'react-router-dom';
import { paths } from '../app/paths.ts';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { Notice } from '../components/form/FormLayout.ts';

export function ResetPasswordInstructionsPage() {
  return (
    <PageContainer $width="form">
      <PageTitle documentTitle="Инструкции отправлены">ИНСТРУКЦИИ ОТПРАВЛЕНЫ</PageTitle>
      <Notice>
        <p>
          Мы отправили вам письмо с инструкциями по восстановлению пароля. Перейдите по ссылке из письма, чтобы задать
          новый пароль.
        </p>
        <p>Если письма нет во входящих, проверьте папку «Спам».</p>
      </Notice>
      <p>
        <Link to={paths.login}>Вернуться ко входу на сайт</Link>
      </p>
    </PageContainer>
  );
}

// Told after the account was deleted from the profile (DeleteAccountBlock): the person is logged out already.
import { Link } from 'react-router-dom';
import { paths } from '../app/paths.ts';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { Notice } from '../components/form/FormLayout.ts';

export function AccountDeletedPage() {
  return (
    <PageContainer $width="form">
      <PageTitle documentTitle="Аккаунт удалён">АККАУНТ УДАЛЁН</PageTitle>
      <Notice role="status">
        <p>Ваш аккаунт удалён, и вы вышли с сайта. Имя, адрес электронной почты, профиль и подписки стёрты.</p>
        <p>
          Платежи и чеки хранятся без вашего имени столько, сколько требует закон. Чтобы снова заниматься на курсах,
          зарегистрируйтесь заново — с тем же адресом или с другим.
        </p>
      </Notice>
      <p>
        <Link to={paths.home}>На главную</Link>
      </p>
    </PageContainer>
  );
}

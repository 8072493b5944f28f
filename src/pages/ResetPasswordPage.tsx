// The password reset request (spec section 2); on success the saga goes to the instructions notice.
import { Link } from 'react-router-dom';
import { paths } from '../app/paths.ts';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { passwordResetMutation } from '../features/account/index.ts';
import { useMutation } from '../data/mutation.ts';
import { FormLinks } from '../components/form/FormLayout.ts';
import { PasswordResetForm } from '../features/auth/PasswordResetForm.tsx';
import { useResetOnLeave } from '../features/auth/useResetOnLeave.ts';

export function ResetPasswordPage() {
  const reset = useMutation(passwordResetMutation);
  useResetOnLeave(passwordResetMutation.reset);

  return (
    <PageContainer $width="form">
      <PageTitle documentTitle="Восстановление пароля">ВОССТАНОВЛЕНИЕ ПАРОЛЯ</PageTitle>
      <p>Укажите электронную почту, с которой вы зарегистрированы: мы пришлём на неё ссылку для создания нового пароля.</p>
      <PasswordResetForm
        loading={reset.status === 'loading'}
        error={reset.status === 'failure' ? reset.error : null}
        onSubmit={(payload) => void reset.run(payload)}
      />
      <FormLinks>
        <Link to={paths.login}>Вернуться ко входу на сайт</Link>
      </FormLinks>
    </PageContainer>
  );
}

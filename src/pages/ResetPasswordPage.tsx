// The password reset request (spec section 2); on success the saga goes to the instructions notice.
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { paths } from '../app/paths.ts';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { passwordResetRequest } from '../features/account/slices.ts';
import { FormLinks } from '../components/form/FormLayout.ts';
import { PasswordResetForm } from '../features/auth/PasswordResetForm.tsx';
import { selectPasswordResetState } from '../features/auth/selectors.ts';
import { useResetOnLeave } from '../features/auth/useResetOnLeave.ts';

export function ResetPasswordPage() {
  const dispatch = useAppDispatch();
  const reset = useAppSelector(selectPasswordResetState);
  useResetOnLeave(passwordResetRequest.actions.reset);

  return (
    <PageContainer $width="form">
      <PageTitle documentTitle="Восстановление пароля">ВОССТАНОВЛЕНИЕ ПАРОЛЯ</PageTitle>
      <p>Укажите электронную почту, с которой вы зарегистрированы: мы пришлём на неё ссылку для создания нового пароля.</p>
      <PasswordResetForm
        loading={reset.status === 'loading'}
        error={reset.status === 'failure' ? reset.error : null}
        onSubmit={(payload) => dispatch(passwordResetRequest.actions.request(payload))}
      />
      <FormLinks>
        <Link to={paths.login}>Вернуться ко входу на сайт</Link>
      </FormLinks>
    </PageContainer>
  );
}

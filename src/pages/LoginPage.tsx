// Login (spec section 2): the form, the way to a new password and to sign-up. Once logged in, the guest-only guard
// sends the person on (common/landing.ts); the way to sign-up keeps the page to come back to.
import { Link, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { paths } from '../app/paths.ts';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { FormLinks } from '../components/form/FormLayout.ts';
import { requestedReturn } from '../features/auth/landing.ts';
import { LoginForm } from '../features/auth/LoginForm.tsx';
import { useResetOnLeave } from '../features/auth/useResetOnLeave.ts';
import { selectLoginState } from '../features/session/selectors.ts';
import { loginRequested, loginReset } from '../features/session/slice.ts';

export function LoginPage() {
  const dispatch = useAppDispatch();
  const login = useAppSelector(selectLoginState);
  const location = useLocation();
  const back = requestedReturn(location);
  // The address of an account just confirmed in another browser (ConfirmSignupPage).
  const email = (location.state as { email?: unknown } | null)?.email;
  useResetOnLeave(loginReset);

  return (
    <PageContainer $width="form">
      <PageTitle documentTitle="Вход на сайт">ВХОД НА САЙТ</PageTitle>
      <LoginForm
        initialEmail={typeof email === 'string' ? email : ''}
        loading={login.status === 'loading'}
        error={login.status === 'failure' ? login.error : null}
        onSubmit={(payload) => dispatch(loginRequested(payload))}
      />
      <FormLinks>
        <Link to={paths.resetPassword}>Забыли пароль?</Link>
        <Link to={paths.signup} state={back ? { from: back } : undefined}>
          Зарегистрироваться
        </Link>
      </FormLinks>
    </PageContainer>
  );
}

// Signup confirmation: posts the link's parameters once on opening, then tells the result (spec sections 2 and 8).
// In the browser that signed up the confirmation logs in (issue 32), and the guard of this page sends the person back
// to the page the sign-up came from (the link's `?next=`, common/landing.ts). Elsewhere the login it offers has the
// address filled in and returns there too.
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useAppSelector } from '../app/hooks.ts';
import { paths } from '../app/paths.ts';
import { FormErrorBlock } from '../components/form/fields.tsx';
import { Loader } from '../components/Loader.tsx';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { selectSignupConfirmation, signupConfirmationMutation } from '../features/account/index.ts';
import { useMutation } from '../data/mutation.ts';
import { FormLinks, Notice } from '../components/form/FormLayout.ts';
import { requestedReturn, withNext } from '../features/auth/landing.ts';
import { signupEmail } from '../features/auth/signupEmail.ts';

// The spec's text letter for letter, its spelling included.
const CONFIRMATION_FAILURE_PREFIX = 'Ошибка подверждения регистрации: ';

export function ConfirmSignupPage() {
  const { uidb64 = '', token = '' } = useParams();
  const confirmation = useAppSelector(selectSignupConfirmation);
  const { run } = useMutation(signupConfirmationMutation);
  const back = requestedReturn(useLocation());
  // In the address too, so that a reload of the login page keeps it.
  const loginLink = { to: withNext(paths.login, back), state: { ...(back ? { from: back } : {}), email: confirmation.email } };

  // The flow takes only its first request, so a second effect run (strict mode, a re-render) posts nothing.
  useEffect(() => {
    const email = signupEmail();
    void run({ uidb64, token, ...(email ? { email } : {}) });
  }, [run, uidb64, token]);

  return (
    <PageContainer $width="form">
      <PageTitle documentTitle="Подтверждение регистрации">ПОДТВЕРЖДЕНИЕ РЕГИСТРАЦИИ</PageTitle>
      {confirmation.status === 'success' ? (
        <Notice role="status">
          <p>
            Регистрация подтверждена. Теперь вы можете войти на сайт{back ? ': после входа вы вернётесь на страницу, с которой начали регистрацию' : ''}.
          </p>
          <p>
            <Link {...loginLink}>Войти на сайт</Link>
          </p>
        </Notice>
      ) : confirmation.status === 'failure' ? (
        <>
          <FormErrorBlock>{CONFIRMATION_FAILURE_PREFIX + (confirmation.error?.message ?? '').toLowerCase()}</FormErrorBlock>
          {/* The server's message is one clause; what to do next is said here, for each way a link fails. */}
          <p>Если регистрация уже подтверждена, войдите на сайт. Если ссылка устарела или не открывается, зарегистрируйтесь снова с тем же адресом: мы пришлём новое письмо.</p>
          <FormLinks>
            <Link {...loginLink}>Войти на сайт</Link>
            <Link to={paths.signup} state={loginLink.state}>
              Зарегистрироваться снова
            </Link>
          </FormLinks>
        </>
      ) : (
        <Loader label="Подтверждаем регистрацию" />
      )}
    </PageContainer>
  );
}

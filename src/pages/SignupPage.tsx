// Sign-up (spec section 2). On success the saga goes to the sent notice; leaving the page resets the flow and the form.
// The page the person came from (a course page) goes with the sign-up into the confirmation letter's link, so the
// confirmation and the login after it lead back there (common/landing.ts).
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../app/paths.ts';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { signupMutation } from '../features/account/index.ts';
import { useMutation } from '../data/mutation.ts';
import { FormLinks } from '../components/form/FormLayout.ts';
import { requestedReturn } from '../features/auth/landing.ts';
import { SignupForm } from '../features/auth/SignupForm.tsx';
import { useResetOnLeave } from '../features/auth/useResetOnLeave.ts';

const WhoFor = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.muted};
`;

export function SignupPage() {
  const signup = useMutation(signupMutation);
  const back = requestedReturn(useLocation());
  useResetOnLeave(signupMutation.reset);

  return (
    <PageContainer $width="form">
      <PageTitle documentTitle="Регистрация">РЕГИСТРАЦИЯ НОВОГО УЧАСТНИКА</PageTitle>
      <WhoFor>
        Учётная запись — для того, кто будет учиться. Если это подросток, его может зарегистрировать родитель: укажите
        имя, фамилию и год рождения подростка и адрес почты, который вы читаете.
      </WhoFor>
      <SignupForm
        loading={signup.status === 'loading'}
        error={signup.status === 'failure' ? signup.error : null}
        onSubmit={(payload) => void signup.run(back ? { ...payload, next: back } : payload)}
      />
      <FormLinks>
        <span>
          Уже зарегистрированы?{' '}
          <Link to={paths.login} state={back ? { from: back } : undefined}>
            Войти
          </Link>
        </span>
      </FormLinks>
    </PageContainer>
  );
}

// Setting the new password from the reset letter's link; on success the saga goes to the success notice.
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { paths } from '../app/paths.ts';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { passwordResetCompletionRequest } from '../features/account/slices.ts';
import { FormLinks } from '../components/form/FormLayout.ts';
import { NewPasswordForm } from '../features/auth/NewPasswordForm.tsx';
import { selectPasswordResetCompletionState } from '../features/auth/selectors.ts';
import { useResetOnLeave } from '../features/auth/useResetOnLeave.ts';

export function ResetPasswordCompletionPage() {
  const dispatch = useAppDispatch();
  const { uidb64 = '', token = '' } = useParams();
  const completion = useAppSelector(selectPasswordResetCompletionState);
  useResetOnLeave(passwordResetCompletionRequest.actions.reset);

  return (
    <PageContainer $width="form">
      <PageTitle documentTitle="Новый пароль">НОВЫЙ ПАРОЛЬ</PageTitle>
      <p>Придумайте новый пароль и введите его дважды.</p>
      <NewPasswordForm
        loading={completion.status === 'loading'}
        error={completion.status === 'failure' ? completion.error : null}
        onSubmit={(passwords) => dispatch(passwordResetCompletionRequest.actions.request({ uidb64, token, ...passwords }))}
      />
      <FormLinks>
        <Link to={paths.resetPassword}>Запросить новую ссылку</Link>
      </FormLinks>
    </PageContainer>
  );
}

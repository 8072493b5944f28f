// Setting the new password from the reset letter's link; on success the saga goes to the success notice.
import { Link, useParams } from 'react-router-dom';
import { paths } from '../app/paths.ts';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { passwordResetCompletionMutation } from '../features/account/index.ts';
import { useMutation } from '../data/mutation.ts';
import { FormLinks } from '../components/form/FormLayout.ts';
import { NewPasswordForm } from '../features/auth/NewPasswordForm.tsx';
import { useResetOnLeave } from '../features/auth/useResetOnLeave.ts';

export function ResetPasswordCompletionPage() {
  const { uidb64 = '', token = '' } = useParams();
  const completion = useMutation(passwordResetCompletionMutation);
  useResetOnLeave(passwordResetCompletionMutation.reset);

  return (
    <PageContainer $width="form">
      <PageTitle documentTitle="Новый пароль">НОВЫЙ ПАРОЛЬ</PageTitle>
      <p>Придумайте новый пароль и введите его дважды.</p>
      <NewPasswordForm
        loading={completion.status === 'loading'}
        error={completion.status === 'failure' ? completion.error : null}
        onSubmit={(passwords) => void completion.run({ uidb64, token, ...passwords })}
      />
      <FormLinks>
        <Link to={paths.resetPassword}>Запросить новую ссылку</Link>
      </FormLinks>
    </PageContainer>
  );
}

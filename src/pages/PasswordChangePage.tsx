// The password change form of the account area; on success the saga returns to the profile.
import styled from 'styled-components';
import { paths } from '../app/paths.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { passwordUpdateMutation } from '../features/account/index.ts';
import { useMutation } from '../data/mutation.ts';
import { PasswordChangeForm } from '../features/auth/PasswordChangeForm.tsx';
import { useResetOnLeave } from '../features/auth/useResetOnLeave.ts';

const Section = styled.section`
  max-width: ${({ theme }) => theme.widths.form}px;
`;

export function PasswordChangePage() {
  const update = useMutation(passwordUpdateMutation);
  useResetOnLeave(passwordUpdateMutation.reset);

  return (
    <Section>
      <PageTitle>Смена пароля</PageTitle>
      <PasswordChangeForm
        loading={update.status === 'loading'}
        error={update.status === 'failure' ? update.error : null}
        onSubmit={(payload) => void update.run(payload)}
        cancelTo={paths.profile}
      />
    </Section>
  );
}

// The password change form of the account area; on success the saga returns to the profile.
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { paths } from '../app/paths.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { passwordUpdateRequest } from '../features/account/slices.ts';
import { PasswordChangeForm } from '../features/auth/PasswordChangeForm.tsx';
import { selectPasswordUpdateState } from '../features/auth/selectors.ts';
import { useResetOnLeave } from '../features/auth/useResetOnLeave.ts';

const Section = styled.section`
  max-width: ${({ theme }) => theme.widths.form}px;
`;

export function PasswordChangePage() {
  const dispatch = useAppDispatch();
  const update = useAppSelector(selectPasswordUpdateState);
  useResetOnLeave(passwordUpdateRequest.actions.reset);

  return (
    <Section>
      <PageTitle>Смена пароля</PageTitle>
      <PasswordChangeForm
        loading={update.status === 'loading'}
        error={update.status === 'failure' ? update.error : null}
        onSubmit={(payload) => dispatch(passwordUpdateRequest.actions.request(payload))}
        cancelTo={paths.profile}
      />
    </Section>
  );
}

// The «Сохранить» / «Отмена» row of the editing forms: saving shows its progress, cancelling goes back.
import { ButtonLink } from '../Button.ts';
import { FormActions } from './FormLayout.ts';
import { CANCEL_LABEL, SAVE_LABEL } from './formTexts.ts';
import { LoadingButton } from './LoadingButton.tsx';

export function SaveCancelActions({ loading, cancelTo }: { loading: boolean; cancelTo: string }) {
  return (
    <FormActions>
      <LoadingButton loading={loading}>{SAVE_LABEL}</LoadingButton>
      <ButtonLink to={cancelTo} $variant="secondary">
        {CANCEL_LABEL}
      </ButtonLink>
    </FormActions>
  );
}

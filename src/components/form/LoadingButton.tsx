// A button whose request is under way: a spinner beside its label, and no second click.
import type { ButtonHTMLAttributes } from 'react';
import { Button } from '../Button.ts';
import { InlineSpinner } from '../InlineSpinner.ts';

type LoadingButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  loading: boolean;
  $variant?: 'primary' | 'secondary';
};

/** A submit button by default; the label stays the accessible name, `aria-busy` tells that it works. */
export function LoadingButton({ loading, disabled, children, type = 'submit', ...rest }: LoadingButtonProps) {
  return (
    <Button type={type} disabled={loading || disabled} aria-busy={loading || undefined} {...rest}>
      {loading && <InlineSpinner data-testid="button-spinner" />}
      {children}
    </Button>
  );
}

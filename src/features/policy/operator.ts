// Who operates the personal data: set at build time by VITE_OPERATOR_NAME and VITE_OPERATOR_EMAIL, with defaults.
import type { PolicyOperator } from './policySections.ts';

export const DEFAULT_OPERATOR: PolicyOperator = {
  name: 'онлайн-школа «Мутабор»',
  email: 'info@example.com',
};

interface OperatorEnv {
  VITE_OPERATOR_NAME?: string;
  VITE_OPERATOR_EMAIL?: string;
}

/** Blank values count as unset, so an empty variable in a build script does not blank the policy. */
export function operatorFrom(env: OperatorEnv): PolicyOperator {
  return {
    name: env.VITE_OPERATOR_NAME?.trim() || DEFAULT_OPERATOR.name,
    email: env.VITE_OPERATOR_EMAIL?.trim() || DEFAULT_OPERATOR.email,
  };
}

export const policyOperator: PolicyOperator = operatorFrom(import.meta.env);

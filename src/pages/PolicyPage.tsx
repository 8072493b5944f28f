// The personal-data processing policy: numbered sections naming the configured operator (spec section 1).
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { PolicyText } from '../features/policy/PolicyText.tsx';
import { policyOperator } from '../features/policy/operator.ts';
import { policySections } from '../features/policy/policySections.ts';

const sections = policySections(policyOperator);

export function PolicyPage() {
  return (
    <PageContainer $width="text">
      <PageTitle>Политика конфиденциальности</PageTitle>
      <p>
        <strong>Политика обработки персональных данных.</strong> Оператор: {policyOperator.name},{' '}
        <a href={`mailto:${policyOperator.email}`}>{policyOperator.email}</a>.
      </p>
      <PolicyText sections={sections} email={policyOperator.email} />
    </PageContainer>
  );
}

// The personal-data processing policy: numbered sections naming the configured operator (spec section 1), and the
// seller of the courses with the details the authors filled in (issue 19).
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { PolicyText } from '../features/policy/PolicyText.tsx';
import { SellerDetails } from '../features/seller/SellerDetails.tsx';
import { useSeller } from '../features/seller/siteSeller.ts';
import { sellerLines } from '../../common/seller.ts';
import { policyOperator } from '../features/policy/operator.ts';
import { policySections } from '../features/policy/policySections.ts';

const sections = policySections(policyOperator);

export function PolicyPage() {
  const seller = useSeller();
  return (
    <PageContainer $width="text">
      <PageTitle>Политика конфиденциальности</PageTitle>
      <p>
        <strong>Политика обработки персональных данных.</strong> Оператор: {policyOperator.name},{' '}
        <a href={`mailto:${policyOperator.email}`}>{policyOperator.email}</a>.
      </p>
      <PolicyText sections={sections} email={policyOperator.email} />
      {seller && sellerLines(seller).length > 0 ? (
        <section aria-label="Продавец курсов">
          <p>
            <strong>Продавец курсов</strong>
          </p>
          <SellerDetails seller={seller} />
        </section>
      ) : null}
    </PageContainer>
  );
}

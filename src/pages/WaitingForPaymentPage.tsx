// The payment result page /waiting-for-payment (spec section 2): where the checkout sends the browser back.
import { Link, useLocation } from 'react-router-dom';
import { useAppSelector } from '../app/hooks.ts';
import { paths } from '../app/paths.ts';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { PaymentResult } from '../features/payment/PaymentResult.tsx';
import { selectIsLoggedIn } from '../features/session/selectors.ts';

export function WaitingForPaymentPage() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { pathname } = useLocation();
  return (
    <PageContainer $width="form">
      <PageTitle>Оплата курса</PageTitle>
      {loggedIn ? (
        <PaymentResult />
      ) : (
        <>
          <p>
            <strong>Требуется авторизация</strong>
          </p>
          <p>
            <Link to={paths.login} state={{ from: pathname }}>
              Войти на сайт
            </Link>
            , чтобы увидеть состояние оплаты.
          </p>
        </>
      )}
    </PageContainer>
  );
}

// The state of the caller's latest payment (spec section 2), polled by a saga while the page is open, with the
// course and the amount it is for; a cancelled payment leads back to its course.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { formatMoney } from '../../../common/coursePrices.ts';
import type { CurrentPayment } from '../../../common/wireTypes.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { ButtonLink } from '../../components/Button.ts';
import { Loader } from '../../components/Loader.tsx';
import { sessionsCount } from '../../lib/coursePanelRules.ts';
import { paymentPollingStarted, paymentPollingStopped } from '../enrollment/index.ts';
import { selectResource } from '../../data/selectors.ts';

const PAYMENT_COMPLETED = 'Успешно оплачено';
const PAYMENT_CANCELLED = 'Платеж отменен';
const PAYMENT_PENDING = 'Ожидается подтверждение оплаты';
const BACK_TO_COURSE = 'Вернуться к курсу';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Result = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(6)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

const Outcome = styled.p<{ $tone: 'success' | 'danger' | 'text' }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  font-size: ${({ theme }) => theme.fonts.sizes.lead};
  font-weight: 700;
  color: ${({ theme, $tone }) => theme.colors[$tone]};
`;

const Spinner = styled.span`
  flex: none;
  width: 1.5rem;
  height: 1.5rem;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.9s linear infinite;

  ${({ theme }) => theme.media.reducedMotion} {
    animation-duration: 3s;
  }
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Summary = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.muted};
  }

  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

/** What the payment is for: the course (a link to it) and the amount for how many lessons. */
function PaymentSummary({ payment }: { payment: CurrentPayment }) {
  return (
    <Summary>
      {payment.course ? (
        <>
          <dt>Курс</dt>
          <dd>
            <Link to={paths.course(payment.course.id)}>{payment.course.title}</Link>
          </dd>
        </>
      ) : null}
      <dt>Сумма</dt>
      <dd>
        {formatMoney(payment.amount, payment.currency)}
        {payment.lessonCount > 0 ? ` за ${sessionsCount(payment.lessonCount)}` : null}
      </dd>
    </Summary>
  );
}

export function PaymentResult() {
  const dispatch = useAppDispatch();
  const payment = useAppSelector((state) => selectResource(state, 'currentPayment'));

  useEffect(() => {
    dispatch(paymentPollingStarted());
    return () => {
      dispatch(paymentPollingStopped());
    };
  }, [dispatch]);

  if (payment.error) {
    return (
      <Result role="alert">
        <Outcome $tone="danger">{payment.error.message}</Outcome>
      </Result>
    );
  }
  if (!payment.data) return <Loader label="Проверяем оплату" />;

  const current = payment.data;
  switch (current.details.state) {
    case 'STATE_COMPLETED':
      return (
        <Result role="status">
          <Outcome $tone="success">{PAYMENT_COMPLETED}</Outcome>
          <PaymentSummary payment={current} />
          <Hint>Занятия появились в вашем личном кабинете, а письмо с подтверждением придёт на почту.</Hint>
          <ButtonLink to={paths.accountCourses}>Перейти к моим курсам</ButtonLink>
        </Result>
      );
    case 'STATE_FAILURE':
      return (
        <Result role="status">
          <Outcome $tone="danger">{PAYMENT_CANCELLED}</Outcome>
          <PaymentSummary payment={current} />
          <Hint>Деньги не списаны, места на занятиях снова свободны.</Hint>
          <Actions>
            {current.course ? <ButtonLink to={paths.course(current.course.id)}>{BACK_TO_COURSE}</ButtonLink> : null}
            <ButtonLink to={paths.home} $variant="secondary">
              К списку курсов
            </ButtonLink>
          </Actions>
        </Result>
      );
    default:
      return (
        <Result role="status">
          <Outcome $tone="text">
            <Spinner aria-hidden="true" />
            {PAYMENT_PENDING}
          </Outcome>
          <PaymentSummary payment={current} />
          <Hint>Страница обновится сама, как только платёжная система подтвердит оплату.</Hint>
        </Result>
      );
  }
}

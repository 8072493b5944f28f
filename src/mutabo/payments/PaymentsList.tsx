// The payments of the author's courses (or of one): revenue per currency and what discounts cost, those needing a
// refund flagged at the top, then newest first (each with its discount and full price), a page at a time (the page
// kept in the address), with the refund dialog and its outcome.
import { useEffect } from 'react';
import styled from 'styled-components';
import { formatMoney } from '../../../common/coursePrices.ts';
import {
  receiptStateLabel,
  receiptTypeLabel,
  REFUND_STATE_LABELS,
  type MutaboPayment,
  type MutaboPaymentsPage,
  type MutaboReceipt,
  type MutaboRefund,
} from '../../../common/mutabo/payments.ts';
import { paymentsCount } from '../../../common/plural.ts';
import { historyWord } from '../../../common/historyWords.ts';
import { Button } from '../../components/Button.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Muted, Notice, Panel } from '../shell/areaParts.ts';
import { Badge, CellNote, DataTable, Td, Th, Tr } from '../shell/DataTable.tsx';
import { NotAuthorPage } from '../shell/NotAuthorPage.tsx';
import { useConfirmedAction } from '../shell/useConfirmedAction.ts';
import { formatDateTime } from '../shell/timeText.ts';
import { useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { refundPayment } from './paymentsApi.ts';
import { PAYMENT_STATE_LABELS, personName, PROVIDER_LABELS } from './paymentText.ts';
import { RefundDialog, RELEASE_LABEL, type RefundChoice } from './RefundDialog.tsx';
import { RevenueTable } from './RevenueTable.tsx';
import { DiscountCosts } from '../discounts/DiscountCosts.tsx';
import { appliedDiscountText } from '../discounts/discountWords.ts';
import type { AddressParams } from '../useAddressParams.ts';
import { CourseNotFound } from '../courses/useLedCourse.tsx';

const Attention = styled.div.attrs({ role: 'status' })`
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border: 1px solid ${({ theme }) => theme.colors.accent};
  border-left-width: 4px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

const FlaggedRow = styled(Tr)`
  background: #fbf1ec;
`;

const Plain = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const Money = styled.strong`
  white-space: nowrap;
`;

/** The provider's name under the payment's times, set apart from them. */
const Provider = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space(1)};
`;

const Lines = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
`;

/** A receipt YooKassa refused: its state and reason stand out. */
const Refused = styled.span`
  color: ${({ theme }) => theme.colors.danger};
`;

/** The row's button keeps its label on one line however the other columns share the width. */
const RowButton = styled(Button)`
  white-space: nowrap;
`;

/** How often a page with a refund pending at the provider is read again, until the provider has answered. */
const REFUND_POLL_MS = 5000;

/** The page of the address; the page that shows the list hands over its one reading of the address. */
function pageOf([params, setParams]: AddressParams): [number, (page: number) => void] {
  const page = Number(params.get('page'));
  const current = Number.isInteger(page) && page > 0 ? page : 1;
  const setPage = (next: number) => {
    const written = new URLSearchParams(params);
    if (next > 1) written.set('page', String(next));
    else written.delete('page');
    setParams(written);
  };
  return [current, setPage];
}

/** `courseId` narrows the list to one course (whose title then goes without saying). */
export function PaymentsList({ courseId, address }: { courseId?: number; address: AddressParams }) {
  const [page, setPage] = pageOf(address);
  const key = `${courseId ?? ''}|${page}`;
  const loaded = useResource(areaResources.payments, courseId === undefined ? { key, page } : { key, course: courseId, page });
  useRefreshWhilePending(loaded.data?.data, loaded.error, loaded.reload);

  if (loaded.error?.statusCode === 403) return <NotAuthorPage />;
  if (loaded.error?.statusCode === 404) return <CourseNotFound />;
  // A failed reading again keeps the list shown; a list that could not be read at all is an error.
  if (loaded.error && loaded.data?.key !== key) return <ErrorScreen />;
  if (!loaded.data || loaded.data.key !== key) return <Loader label="Загружаем платежи" />;
  return <Payments data={loaded.data.data} showCourse={courseId === undefined} setPage={setPage} reload={loaded.reload} />;
}

/**
 * While a refund waits for the provider, the list is read again after each answer (a failed reading too), so the
 * refund's outcome shows up.
 */
function useRefreshWhilePending(data: MutaboPaymentsPage | undefined, lastError: unknown, reload: () => Promise<unknown>) {
  const pending = data?.results.some((payment) => payment.refunds.some((refund) => refund.state === 'pending')) ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => void reload(), REFUND_POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, data, lastError, reload]);
}

interface PaymentsProps {
  data: MutaboPaymentsPage;
  showCourse: boolean;
  setPage: (page: number) => void;
  /** Stable: the list read again in the background (its failure keeps the list shown). */
  reload: () => Promise<unknown>;
}

function Payments({ data, showCourse, setPage, reload }: PaymentsProps) {
  const action = useConfirmedAction<MutaboPayment>(reload);
  const { asking: refunding, busy, notice, error, outcome } = action;

  const flagged = data.results.filter((payment) => payment.refundRequired);

  // A second click while the first is under way does nothing (and the server would answer the same refund).
  const refund = (payment: MutaboPayment, body: RefundChoice, amount: number) =>
    action.run(async () => {
      const result = await refundPayment(payment.id, body);
      if (payment.amount === 0) return `Места по платежу № ${payment.id} освобождены.`;
      const money = formatMoney(result.refund.amount || amount, result.refund.currency);
      return result.refund.state === 'succeeded'
        ? `Деньги возвращены: ${money} по платежу № ${payment.id}.`
        : `Возврат ${money} по платежу № ${payment.id} в обработке: места освободятся, когда платёжная система его подтвердит.`;
    });

  return (
    <>
      <Panel aria-labelledby="payments-revenue-title">
        <h2 id="payments-revenue-title">Выручка</h2>
        <RevenueTable revenue={data.revenue} caption={showCourse ? 'По валютам, все ваши курсы' : 'По валютам, этот курс'} />
        <DiscountCosts costs={data.discountCosts} id="payments-discount-costs-title" />
      </Panel>

      <Panel aria-labelledby="payments-list-title">
        <h2 id="payments-list-title">Платежи</h2>
        <div ref={outcome} tabIndex={-1}>
          {notice ? <Notice>{notice}</Notice> : null}
          {error ? <FormErrorBlock>{error}</FormErrorBlock> : null}
        </div>
        {flagged.length > 0 ? (
          <Attention>
            <strong>Нужно вернуть деньги: {paymentsCount(flagged.length)}.</strong> Они прошли, но места за них не выданы; они
            отмечены в начале списка.
          </Attention>
        ) : null}
        {data.results.length === 0 ? (
          <Muted>Платежей пока нет.</Muted>
        ) : (
          <>
            <Muted>Всего: {paymentsCount(data.count)}</Muted>
            <DataTable $stackBelow="desktop">
              <thead>
                <Tr>
                  <Th>Платёж</Th>
                  <Th>Плательщик</Th>
                  <Th>{showCourse ? 'Курс и занятия' : 'Занятия'}</Th>
                  <Th>Сумма</Th>
                  <Th>Состояние</Th>
                  <Th>Действия</Th>
                </Tr>
              </thead>
              <tbody>
                {data.results.map((payment) => (
                  <PaymentRow key={payment.id} payment={payment} showCourse={showCourse} busy={busy} onRefund={() => action.ask(payment)} />
                ))}
              </tbody>
            </DataTable>
          </>
        )}
        {data.pages > 1 ? (
          <Pager aria-label="Страницы списка платежей">
            <Button $variant="secondary" disabled={data.currentPage <= 1} onClick={() => setPage(data.currentPage - 1)}>
              Назад
            </Button>
            <span>
              Страница {data.currentPage} из {data.pages}
            </span>
            <Button $variant="secondary" disabled={data.currentPage >= data.pages} onClick={() => setPage(data.currentPage + 1)}>
              Дальше
            </Button>
          </Pager>
        ) : null}
      </Panel>

      {refunding ? (
        <RefundDialog
          payment={refunding}
          busy={busy}
          onConfirm={(body, amount) => void refund(refunding, body, amount)}
          onClose={action.cancel}
        />
      ) : null}
    </>
  );
}

function refundText(refund: MutaboRefund): string {
  const money = formatMoney(refund.amount, refund.currency);
  const when = refund.completedAt ? `, ${formatDateTime(refund.completedAt)}` : '';
  if (refund.amount === 0 && refund.state === 'succeeded') return `Места освобождены без возврата денег${when}`;
  const source = refund.source === 'provider' ? ' (в кабинете платёжной системы)' : '';
  const failure = refund.state === 'failed' && refund.failure ? `: ${refund.failure}` : '';
  return `${REFUND_STATE_LABELS[refund.state]}${source}: ${money}${when}${failure}`;
}

/** «Чек предоплаты: занятия 1, 2, 3, 3 000 ₽ — отправлен · 01.03.2026, 13:05» (the time it went, else the time it was made). */
function ReceiptLine({ receipt, payment }: { receipt: MutaboReceipt; payment: MutaboPayment }) {
  const numbers = receipt.lessonIds.map((id) => payment.lessons.find((lesson) => lesson.id === id)?.number ?? id);
  const lessons = numbers.length === 0 ? '' : `${numbers.length === 1 ? 'занятие' : 'занятия'} ${numbers.join(', ')}, `;
  const State = receipt.state === 'failed' ? Refused : 'span';
  return (
    <CellNote>
      {receiptTypeLabel(receipt)}: {lessons}
      <Money as="span">{formatMoney(receipt.amount, receipt.currency)}</Money> — <State>{receiptStateLabel(receipt)}</State> · {formatDateTime(receipt.sentAt ?? receipt.createdAt)}
    </CellNote>
  );
}

interface PaymentRowProps {
  payment: MutaboPayment;
  showCourse: boolean;
  busy: boolean;
  onRefund: () => void;
}

function PaymentRow({ payment, showCourse, busy, onRefund }: PaymentRowProps) {
  const Row = payment.refundRequired ? FlaggedRow : Tr;
  const pending = new Set(payment.refunds.filter((refund) => refund.state === 'pending').flatMap((refund) => refund.lessons));
  return (
    <Row>
      <Td label="Платёж">
        <strong>№ {payment.id}</strong>
        <CellNote>создан {formatDateTime(payment.createdAt)}</CellNote>
        {payment.paidAt ? <CellNote>оплачен {formatDateTime(payment.paidAt)}</CellNote> : null}
        {payment.offerVersion !== null ? <CellNote>по оферте в редакции №{'\u00a0'}{payment.offerVersion}</CellNote> : null}
        <Provider>{PROVIDER_LABELS[payment.provider]}</Provider>
        {payment.providerId ? <CellNote>{payment.providerId}</CellNote> : null}
      </Td>
      <Td label="Плательщик">
        {personName(payment.payer)}
        {payment.payer.email ? (
          <CellNote>
            <a href={`mailto:${payment.payer.email}`}>{payment.payer.email}</a>
          </CellNote>
        ) : null}
      </Td>
      <Td label={showCourse ? 'Курс и занятия' : 'Занятия'}>
        {showCourse ? <strong>{payment.course.title}</strong> : null}
        <Plain>
          {payment.lessons.map((lesson) => (
            <li key={lesson.id}>
              {lesson.number}. {lesson.title || 'Без названия'}
              {lesson.refunded ? <CellNote>{pending.has(lesson.id) ? 'возврат в обработке' : payment.amount === 0 ? 'место освобождено' : 'деньги возвращены'}</CellNote> : null}
            </li>
          ))}
        </Plain>
      </Td>
      <Td label="Сумма">
        <Money>{formatMoney(payment.amount, payment.currency)}</Money>
        {payment.discount ? <CellNote>{appliedDiscountText(payment.discount, payment.currency)}</CellNote> : null}
        {payment.refunded > 0 ? (
          <CellNote>
            возвращено <Money as="span">{formatMoney(payment.refunded, payment.currency)}</Money>
          </CellNote>
        ) : null}
      </Td>
      <Td label="Состояние">
        <Lines>
          <Badge $tone={payment.state === 'STATE_COMPLETED' ? 'done' : 'plain'}>{PAYMENT_STATE_LABELS[payment.state]}</Badge>
          {payment.refundRequired ? <Badge $tone="attention">Нужен возврат</Badge> : null}
        </Lines>
        {payment.failureReason ? <CellNote>{historyWord('failureReason', payment.failureReason)}</CellNote> : null}
        {payment.refunds.length > 0 ? (
          <Plain aria-label={`Возвраты по платежу № ${payment.id}`}>
            {payment.refunds.map((refund) => (
              <li key={refund.id}>
                <CellNote>{refundText(refund)}</CellNote>
              </li>
            ))}
          </Plain>
        ) : null}
        {payment.receipts && payment.receipts.length > 0 ? (
          <Plain aria-label={`Чеки по платежу № ${payment.id}`}>
            {payment.receipts.map((receipt) => (
              <li key={receipt.id}>
                <ReceiptLine receipt={receipt} payment={payment} />
              </li>
            ))}
          </Plain>
        ) : null}
      </Td>
      <Td label={payment.refundable > 0 || payment.releasable ? 'Действия' : undefined}>
        {payment.refundable > 0 ? (
          <RowButton $variant={payment.refundRequired ? 'primary' : 'secondary'} disabled={busy} aria-label={`Вернуть деньги по платежу № ${payment.id}`} onClick={onRefund}>
            Вернуть деньги
          </RowButton>
        ) : payment.releasable ? (
          <RowButton $variant="secondary" disabled={busy} aria-label={`${RELEASE_LABEL} по платежу № ${payment.id}`} onClick={onRefund}>
            {RELEASE_LABEL}
          </RowButton>
        ) : null}
      </Td>
    </Row>
  );
}

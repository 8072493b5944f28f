// The calls of the authors' API for payments, refunds and the start page's figures, typed with common/mutabo/payments.ts and start.ts.
import { request } from '../../api/client.ts';
import type { MutaboPayment, MutaboPaymentsPage, MutaboRefundResult, RefundPayload } from '../../../common/mutabo/payments.ts';
import type { MutaboDashboard } from '../../../common/mutabo/start.ts';

const base = '/api/v1/mutabo';

export const getDashboard = () => request<MutaboDashboard>(`${base}/dashboard/`);

/** Those needing a refund first, then newest first; `course` narrows to one course. */
export const listPayments = (query: { course?: number; page: number }) =>
  request<MutaboPaymentsPage>(`${base}/payments/`, { query: { course: query.course, page: query.page > 1 ? query.page : undefined } });

/** `{}` refunds every lesson not refunded yet; the same request again answers the same refund. */
export const refundPayment = (id: number, body: RefundPayload) =>
  request<MutaboRefundResult>(`${base}/payments/${id}/refund/`, { method: 'POST', body });

/** A refused settlement receipt queued again; answers its payment. */
export const resendReceipt = (id: number) => request<MutaboPayment>(`${base}/receipts/${id}/resend/`, { method: 'POST' });

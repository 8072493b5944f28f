// The authors' action on a receipt YooKassa refused: POST /api/v1/mutabo/receipts/{id}/resend/ puts a refused
// settlement receipt back in the queue (services/payments/settlements.ts), under a new idempotence key; the start page
// lists it until then. Recorded in the course history as an update of the payment.
import { randomUUID } from 'node:crypto';
import { mutaboMessages as m } from '../../../../common/mutabo/fields.ts';
import type { MutaboPayment } from '../../../../common/mutabo/payments.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { insertAuditRecord } from '../../repositories/history/auditRepository.ts';
import { ledCourse } from '../../repositories/ledCourses.ts';
import { courseOfPayment } from '../../repositories/payments/paymentsRepository.ts';
import { receiptById, requeueFailedReceipt } from '../../repositories/payments/receiptsRepository.ts';
import type { Caller } from './context.ts';
import { paymentById } from './payments.ts';

const notFound = () => new HttpError(404, { detail: m.receiptNotFound });

/** Resends a refused settlement receipt of a course the caller leads; answers its payment. A receipt already back in the queue (a second click) stays. */
export async function resendReceipt(db: Db, caller: Caller, receiptId: number): Promise<MutaboPayment> {
  const receipt = await receiptById(db, receiptId);
  if (!receipt) throw notFound();
  const courseId = await courseOfPayment(db, receipt.paymentId);
  if (courseId === null || !(await ledCourse(db, caller.authorId, courseId))) throw notFound();
  if (receipt.type !== 'settlement' || receipt.state === 'sent') throw new HttpError(400, { nonFieldErrors: [m.receiptNotResendable] });
  await db.transaction(async (tx) => {
    const requeued = await requeueFailedReceipt(tx, receiptId, `settlement-${receipt.paymentId}-${receipt.lessonId}-${randomUUID()}`);
    if (!requeued) return;
    await insertAuditRecord(tx, {
      userId: caller.userId,
      entity: 'payment',
      entityId: receipt.paymentId,
      courseId,
      action: 'update',
      before: { receipt: receiptId, state: 'failed', reason: receipt.reason },
      after: { receipt: receiptId, state: 'pending' },
    });
  });
  const payment = await paymentById(db, receipt.paymentId);
  if (!payment) throw notFound();
  return payment;
}

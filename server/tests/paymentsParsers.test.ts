// Each provider reads its own notifications and return address (yookassa.ts, paypal.ts): what they name, and a body
// or a query that is not one of theirs refused; and the read-back throttle's waiting for a held-back read.
import { describe, expect, it } from 'vitest';
import { parsePaypalNotification, parsePaypalReturn } from '../src/services/payments/paypal.ts';
import { ReadThrottle } from '../src/services/payments/readThrottle.ts';
import { parseYookassaNotification } from '../src/services/payments/yookassa.ts';

describe('YooKassa notifications', () => {
  it('name the payment or the refund (with its payment), and ignore other events', () => {
    expect(parseYookassaNotification({ type: 'notification', event: 'payment.succeeded', object: { id: 'p-1', status: 'succeeded' } })).toEqual({ kind: 'payment', providerId: 'p-1', event: 'payment.succeeded' });
    expect(parseYookassaNotification({ type: 'notification', event: 'payment.waiting_for_capture', object: { id: 'p-2' } })).toMatchObject({ kind: 'payment', providerId: 'p-2' });
    expect(parseYookassaNotification({ event: 'refund.succeeded', object: { id: 'r-1', payment_id: 'p-1' } })).toEqual({ kind: 'refund', refundId: 'r-1', providerPaymentId: 'p-1', event: 'refund.succeeded' });
    expect(parseYookassaNotification({ event: 'refund.succeeded', object: { id: 'r-2' } })).toMatchObject({ kind: 'refund', refundId: 'r-2', providerPaymentId: undefined });
    expect(parseYookassaNotification({ event: 'payout.succeeded', object: { id: 'po-1' } })).toEqual({ kind: 'ignored', event: 'payout.succeeded' });
  });

  it('refuse a body that names no object', () => {
    for (const body of [null, undefined, 'payment.succeeded', 42, [], {}, { event: 'payment.succeeded' }, { event: 'payment.succeeded', object: 'p-1' }, { event: 'payment.succeeded', object: { id: 7 } }, { event: 'payment.succeeded', object: { id: '' } }]) {
      expect(parseYookassaNotification(body), JSON.stringify(body)).toBeNull();
    }
  });
});

describe('PayPal webhooks', () => {
  it('name the order of an order’s or a capture’s event, the refund of a refund’s, and ignore the rest', () => {
    expect(parsePaypalNotification({ event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'O-1', status: 'APPROVED' } })).toEqual({ kind: 'payment', providerId: 'O-1', event: 'CHECKOUT.ORDER.APPROVED' });
    expect(parsePaypalNotification({ event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'C-1', supplementary_data: { related_ids: { order_id: 'O-2' } } } })).toMatchObject({ kind: 'payment', providerId: 'O-2' });
    expect(parsePaypalNotification({ event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: 'R-1' } })).toEqual({ kind: 'refund', refundId: 'R-1', event: 'PAYMENT.CAPTURE.REFUNDED' });
    expect(parsePaypalNotification({ event_type: 'PAYMENT.CAPTURE.REVERSED', resource: { id: 'R-2' } })).toMatchObject({ kind: 'refund', refundId: 'R-2' });
    // A capture's event without its order, an order's without its id: nothing to read back.
    expect(parsePaypalNotification({ event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'C-2' } })).toEqual({ kind: 'ignored', event: 'PAYMENT.CAPTURE.COMPLETED' });
    expect(parsePaypalNotification({ event_type: 'CHECKOUT.ORDER.APPROVED' })).toMatchObject({ kind: 'ignored' });
    expect(parsePaypalNotification({ event_type: 'BILLING.PLAN.CREATED', resource: { id: 'P-1' } })).toMatchObject({ kind: 'ignored' });
  });

  it('refuse a body that is not an event', () => {
    for (const body of [null, undefined, 'CHECKOUT.ORDER.APPROVED', [], {}, { resource: { id: 'O-1' } }, { event_type: 7, resource: { id: 'O-1' } }, { event_type: '', resource: { id: 'O-1' } }]) {
      expect(parsePaypalNotification(body), JSON.stringify(body)).toBeNull();
    }
  });
});

describe('PayPal return address', () => {
  it('names our payment and the order, and whether the payer came back through the cancel address', () => {
    expect(parsePaypalReturn({ paymentId: '12', token: '5O190127TN364715T', PayerID: 'P1' })).toEqual({ paymentId: 12, providerId: '5O190127TN364715T', canceled: false });
    expect(parsePaypalReturn({ paymentId: '12', token: 'O-1', cancel: '1' })).toEqual({ paymentId: 12, providerId: 'O-1', canceled: true });
    expect(parsePaypalReturn({ paymentId: '12', token: 'O-1', cancel: 'yes' })).toMatchObject({ canceled: false });
  });

  it('refuses a query without both ids, or with ids that cannot be ours', () => {
    for (const query of [undefined, null, {}, { paymentId: '12' }, { token: 'O-1' }, { paymentId: 'abc', token: 'O-1' }, { paymentId: '12345678901', token: 'O-1' }, { paymentId: '-1', token: 'O-1' }, { paymentId: '12', token: '' }, { paymentId: '12', token: 'O\u00001' }, { paymentId: '12', token: 'x'.repeat(101) }, { paymentId: ['12', '13'], token: 'O-1' }, { paymentId: '12', token: ['O-1', 'O-2'] }]) {
      expect(parsePaypalReturn(query), JSON.stringify(query)).toBeNull();
    }
  });
});

describe('ReadThrottle', () => {
  it('shares a running read, holds back one within the interval, and lets a caller wait for the held-back read', async () => {
    let reads = 0;
    const background: Promise<unknown>[] = [];
    const throttle = new ReadThrottle<number>(50, (_key, task) => background.push(task));
    const read = async () => ++reads;
    const [first, shared] = await Promise.all([throttle.run('a', read), throttle.run('a', read)]);
    expect([first, shared, reads]).toEqual([1, 1, 1]);
    expect(await throttle.run('a', read)).toBe('deferred');
    // The waiting caller gets the read-back at the interval's end, the same one the deferred caller scheduled.
    expect(await throttle.run('a', read, { wait: true })).toBe(2);
    expect(reads).toBe(2);
    await Promise.all(background);
    expect(reads).toBe(2);
    // Another key is read at once.
    expect(await throttle.run('b', read)).toBe(3);
  });
});

// The YooKassa stand-in refuses, as a live shop with 54-ФЗ receipts does, a payment or a refund without a valid
// receipt: HTTP 400 {"type":"error","code":"invalid_request","parameter":"receipt","description":...}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReceipt, startYookassa, type YookassaStandIn } from './providerStandIns.ts';

const item = (value = '1000.00', extra: Record<string, unknown> = {}) => ({
  description: 'Курс «Акварель», занятие 1. Цветовой круг',
  quantity: 1,
  amount: { value, currency: 'RUB' },
  vat_code: 1,
  payment_subject: 'service',
  payment_mode: 'full_prepayment',
  measure: 'piece',
  ...extra,
});
const receipt = (items: unknown[] = [item()], extra: Record<string, unknown> = {}) => ({ customer: { email: 'buyer@example.org' }, items, ...extra });
const amount = { value: '1000.00', currency: 'RUB' };

describe('the YooKassa stand-in’s receipt check', () => {
  it('takes a valid receipt: items adding up to the amount, quantities, codes, a contact', () => {
    expect(checkReceipt(receipt(), amount)).toBeNull();
    expect(checkReceipt(receipt([item('333.33'), item('333.33'), item('333.34')]), amount)).toBeNull();
    // quantity × amount, as YooKassa counts it; a quantity written as the documented "1.00" string too.
    expect(checkReceipt(receipt([item('500.00', { quantity: 2 })]), amount)).toBeNull();
    expect(checkReceipt(receipt([item('1000.00', { quantity: '1.00', vat_code: '12' })], { tax_system_code: 6 }), amount)).toBeNull();
    expect(checkReceipt(receipt([item()], { customer: { phone: '79000000000' } }), amount)).toBeNull();
  });

  it.each<[string, unknown]>([
    ['no receipt', undefined],
    ['a receipt that is not an object', 'чек'],
    ['no items', receipt([])],
    ['more than 80 items', receipt(Array.from({ length: 81 }, () => item('10.00')))],
    ['no payment_subject', receipt([item('1000.00', { payment_subject: undefined })])],
    ['an unknown payment_subject', receipt([item('1000.00', { payment_subject: 'lesson' })])],
    ['no payment_mode', receipt([item('1000.00', { payment_mode: undefined })])],
    ['an unknown payment_mode', receipt([item('1000.00', { payment_mode: 'prepayment' })])],
    ['items whose sum differs from the amount', receipt([item('333.33'), item('333.33'), item('333.33')])],
    ['an item in another currency', receipt([item('1000.00', { amount: { value: '1000.00', currency: 'USD' } })])],
    ['an amount without two decimals', receipt([item('1000', {})])],
    ['a description over 128 characters', receipt([item('1000.00', { description: 'а'.repeat(129) })])],
    ['an empty description', receipt([item('1000.00', { description: '' })])],
    ['a vat_code of 0', receipt([item('1000.00', { vat_code: 0 })])],
    ['a vat_code of 13', receipt([item('1000.00', { vat_code: 13 })])],
    ['no vat_code', receipt([item('1000.00', { vat_code: undefined })])],
    ['a quantity of 0', receipt([item('0.00', { quantity: 0 }), item('1000.00')])],
    ['a tax_system_code of 7', receipt([item()], { tax_system_code: 7 })],
    ['no customer', receipt([item()], { customer: undefined })],
    ['a customer without a contact', receipt([item()], { customer: { full_name: 'Иван Иванов' } })],
    ['a customer e-mail that is not one', receipt([item()], { customer: { email: 'buyer' } })],
  ])('refuses %s', (_kind, body) => {
    expect(checkReceipt(body, amount)).toEqual(expect.any(String));
  });

  describe('over HTTP', () => {
    let yookassa: YookassaStandIn;
    beforeAll(async () => {
      yookassa = await startYookassa('1', 'key');
    });
    afterAll(async () => {
      await yookassa?.close();
    });

    const post = (path: string, body: unknown, key: string) =>
      fetch(`${yookassa.apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('1:key').toString('base64')}`, 'content-type': 'application/json', 'idempotence-key': key },
        body: JSON.stringify(body),
      });
    const payment = (extra: Record<string, unknown>) => ({ amount, capture: true, confirmation: { type: 'redirect', return_url: 'http://localhost/back' }, ...extra });

    it('answers a payment without a valid receipt as YooKassa does, and takes one with it', async () => {
      for (const [key, body] of [
        ['no-receipt', payment({})],
        ['bad-sum', payment({ receipt: receipt([item('999.99')]) })],
      ] as const) {
        const response = await post('/payments', body, key);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ type: 'error', id: expect.any(String), code: 'invalid_request', parameter: 'receipt', description: expect.any(String) });
      }
      expect(yookassa.payments.size).toBe(0);
      expect((await post('/payments', payment({ receipt: receipt() }), 'good')).status).toBe(200);
      expect(yookassa.payments.size).toBe(1);
    });

    it('wants a receipt with a partial refund only: a full refund takes the payment’s', async () => {
      const [paid] = [...yookassa.payments.values()];
      yookassa.setStatus(paid!.id, 'succeeded');
      const partial = { payment_id: paid!.id, amount: { value: '400.00', currency: 'RUB' } };
      const refused = await post('/refunds', partial, 'partial-without');
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'invalid_request', parameter: 'receipt' });
      expect((await post('/refunds', { ...partial, receipt: receipt([item('400.00')]) }, 'partial-with')).status).toBe(200);
      // The rest (600.00) is still partial: it needs its receipt too.
      expect((await post('/refunds', { payment_id: paid!.id, amount: { value: '600.00', currency: 'RUB' } }, 'rest-without')).status).toBe(400);
      yookassa.receipts = false;
      expect((await post('/refunds', { payment_id: paid!.id, amount: { value: '600.00', currency: 'RUB' } }, 'rest-off')).status).toBe(200);
    });

    it('takes a full refund without a receipt', async () => {
      yookassa.receipts = true;
      expect((await post('/payments', payment({ receipt: receipt() }), 'second')).status).toBe(200);
      const second = [...yookassa.payments.values()].at(-1)!;
      yookassa.setStatus(second.id, 'succeeded');
      expect((await post('/refunds', { payment_id: second.id, amount }, 'full')).status).toBe(200);
    });
  });
});

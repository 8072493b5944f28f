import { refundAmount } from '../../common/paymentAmount.ts';

describe('the amount of a refund', () => {
  it('gives each lesson an equal share, rounded down to the kopeck', () => {
    expect(refundAmount(1000, 3, 1, 1000, false)).toBe(333.33);
    expect(refundAmount(1000, 3, 2, 1000, false)).toBe(666.66);
  });

  it('gives the refund that completes the payment all that is left, so the parts add up to the payment', () => {
    expect(refundAmount(1000, 3, 1, 666.67, false)).toBe(333.33);
    expect(refundAmount(1000, 3, 1, 333.34, true)).toBe(333.34);
    expect(refundAmount(1000, 3, 3, 1000, true)).toBe(1000);
  });

  it('never gives back more than is left', () => {
    // A refund made in the provider's dashboard took more than a share.
    expect(refundAmount(900, 3, 1, 200, false)).toBe(200);
  });

  it('gives nothing for no lessons', () => {
    expect(refundAmount(900, 3, 0, 900, false)).toBe(0);
  });
});

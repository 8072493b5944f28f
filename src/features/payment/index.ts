// The payment feature's public entry: what other features may use of it.
export { DiscountLink } from './DiscountLink.tsx';
export { NoCoursePrice } from './NoCoursePrice.tsx';
export { PaymentForm } from './PaymentForm.tsx';

// The seller feature's public entry: what other features may use of it.
export { SellerDetails } from './SellerDetails.tsx';
export { useSeller } from './siteSeller.ts';

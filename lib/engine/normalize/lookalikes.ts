// The fold lives with the wire contract, which the browser form runs too.
export { foldLookalikes } from '@/lib/contract/fields/lookalikes';

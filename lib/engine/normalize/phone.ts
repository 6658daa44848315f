// The phone normaliser lives with the wire contract: the request schema counts distinct numbers by it.
export { normalizePhone, phoneKey } from '@/lib/contract/fields/phone';

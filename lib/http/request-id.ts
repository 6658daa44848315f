import { newId } from '@/lib/ids/ids';

// Echo a caller's id only when it is safe to reflect into headers and logs.
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(headers: Headers): string {
  const incoming = headers.get('x-request-id');
  return incoming && WELL_FORMED.test(incoming) ? incoming : newId('req');
}

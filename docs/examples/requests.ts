// Request bodies several examples share.
import type { VerifyRequestInput } from '@/lib/engine/request';

export const EMAIL_ONLY = { email: 'jane.doe@gmail.com' } as const satisfies VerifyRequestInput;
export const PHONE_ONLY = { phone: '+14155552671' } as const satisfies VerifyRequestInput;
/** A public US address on no IP list: no email, phone, profile, SSN or name. */
export const IP_ONLY = { ipAddress: '73.223.14.201' } as const satisfies VerifyRequestInput;
export const JANE = { given: 'Jane', family: 'Doe' } as const;

// Request bodies several examples share; they live beside the check definitions.
export { EMAIL_ONLY, IP_ONLY, JANE, PHONE_ONLY } from '@/lib/engine/checks/example-kit';

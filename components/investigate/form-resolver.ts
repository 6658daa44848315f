import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import type { InvestigateFormValues } from './form-values';
import { loadValidation } from './load-validation';
import { buildRequest, type Operation } from './request-body';
import { issuesToFormErrors } from './schema-issues';

/**
 * Validates the body the form would send with the API's own schema (Verify's or Signals') and
 * puts each message under its input. `operation` is read at validation time: Run Signals
 * validates the Signals body, everything else the Verify body.
 */
export function investigateResolver(operation: () => Operation): Resolver<InvestigateFormValues> {
  return async (values, _context, options) => {
    const op = operation();
    const { body, rows } = buildRequest(values, op);
    let validation: Awaited<ReturnType<typeof loadValidation>>;
    try {
      validation = await loadValidation();
    } catch {
      // Without the schema the API still validates: its problem details come back per field.
      return { values, errors: {} };
    }
    const schema =
      op === 'verify' ? validation.request.verifyRequestSchema : validation.request.signalsRequestSchema;
    const result = schema.safeParse(body);
    if (result.success) return { values, errors: {} };
    const flat: Record<string, FieldError> = issuesToFormErrors(result.error.issues, rows);
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

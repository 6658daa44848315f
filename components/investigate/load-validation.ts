// The request schema runs in the browser, exactly as the API runs it: the wire contract's own
// (lib/contract). It pulls in phone metadata, Unicode confusables and hashing, so it is loaded on
// demand (and kept) rather than with the page.

type RequestModule = typeof import('@/lib/contract/schemas/request');
type EmailModule = typeof import('@/lib/contract/fields/email');

export interface Validation {
  request: RequestModule;
  email: EmailModule;
}

let loading: Promise<Validation> | null = null;

export function loadValidation(): Promise<Validation> {
  loading ??= Promise.all([
    import('@/lib/contract/schemas/request'),
    import('@/lib/contract/fields/email'),
  ]).then(
    ([request, email]) => ({ request, email }),
    (error: unknown) => {
      // A failed chunk load (offline for a moment) may succeed on the next try.
      loading = null;
      throw error;
    },
  );
  return loading;
}

// The request schema runs in the browser, exactly as the API runs it. It pulls in phone metadata,
// Unicode confusables and hashing, so it is loaded on demand (and kept) rather than with the page.

type RequestModule = typeof import('@/lib/engine/request');
type EmailModule = typeof import('@/lib/engine/normalize/email');

export interface Validation {
  request: RequestModule;
  email: EmailModule;
}

let loading: Promise<Validation> | null = null;

export function loadValidation(): Promise<Validation> {
  loading ??= Promise.all([import('@/lib/engine/request'), import('@/lib/engine/normalize/email')]).then(
    ([request, email]) => ({ request, email }),
    (error: unknown) => {
      // A failed chunk load (offline for a moment) may succeed on the next try.
      loading = null;
      throw error;
    },
  );
  return loading;
}

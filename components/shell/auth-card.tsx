import type { ReactNode } from 'react';

/** The card of the pages outside the console's shell (sign-in, your password), with the brand. */
export function AuthCard({
  headingId,
  wide,
  children,
}: {
  headingId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <main className="auth-page">
      <section
        className={wide ? 'card auth-card account-card' : 'card auth-card'}
        aria-labelledby={headingId}
      >
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            V
          </span>
          Verity
        </span>
        {children}
      </section>
    </main>
  );
}

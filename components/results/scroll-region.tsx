import type { ReactNode } from 'react';

/** A table that may scroll sideways on a narrow screen: focusable, so the keyboard can scroll it. */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-wrap" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroller. Focusable, so keyboard users can scroll it on narrow
 * screens (WCAG 2.1.1; axe scrollable-region-focusable).
 */
export function ScrollBox({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <div className="table-wrap" tabIndex={0}>
      {children}
    </div>
  );
}

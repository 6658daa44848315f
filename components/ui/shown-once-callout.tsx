'use client';

import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A success callout for something shown only once (a key's secret, a new member's password):
 * focus moves to its title so keyboard and screen-reader users land on it, and a button closes it.
 */
export function ShownOnceCallout({
  title,
  doneLabel,
  onDone,
  children,
}: {
  title: string;
  doneLabel: string;
  onDone: () => void;
  children: ReactNode;
}) {
  const heading = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <div className="callout callout-success" aria-live="polite">
      <p className="callout-title" tabIndex={-1} ref={heading}>
        {title}
      </p>
      {children}
      <div>
        <Button size="sm" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}

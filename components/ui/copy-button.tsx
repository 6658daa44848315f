'use client';

import { useEffect, useState } from 'react';
import { Button } from './button';

/** Copies text to the clipboard and says so (visibly and to screen readers) for a moment. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      // Insecure origins (plain http on a LAN address) have no clipboard API: select it instead.
      setState('failed');
    }
  }

  return (
    <>
      <Button size="sm" onClick={copy}>
        {state === 'copied' ? 'Copied' : label}
      </Button>
      <span className="visually-hidden" aria-live="polite">
        {state === 'copied'
          ? 'Copied to the clipboard'
          : state === 'failed'
            ? 'Copy failed: select the text and copy it'
            : ''}
      </span>
      {state === 'failed' ? (
        <span className="field-error">Copy failed: select the text and copy it.</span>
      ) : null}
    </>
  );
}

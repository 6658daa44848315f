'use client';

import { Button } from '@/components/ui/button';
import { fieldId, TextField } from './text-field';

/**
 * The SSN, masked like a password unless the analyst asks to see it. The same switch masks it
 * in the request preview.
 */
export function SsnField({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  return (
    <TextField
      name="ssn"
      label="SSN"
      hint="9 digits (123-45-6789) or the last 4"
      type={visible ? 'text' : 'password'}
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      data-1p-ignore
      data-lpignore="true"
      action={
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={visible}
          aria-controls={fieldId('ssn')}
          onClick={onToggle}
        >
          {visible ? 'Hide' : 'Show'}
          <span className="visually-hidden"> SSN</span>
        </Button>
      }
    />
  );
}

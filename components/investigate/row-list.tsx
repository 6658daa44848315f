'use client';

import { type RefObject, useEffect, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { MAX_ROWS } from './form-values';
import { fieldId } from './text-field';

/**
 * Removing rows of a repeatable list without losing focus to <body>: after a removal, focus moves
 * to the row that took its place (its field named by fieldOf), or to the Add button.
 */
export function useRowRemoval(
  count: number,
  remove: (index: number) => void,
  fieldOf: (index: number) => string,
) {
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusAfterRemove, setFocusAfterRemove] = useState<number | null>(null);

  useEffect(() => {
    if (focusAfterRemove === null) return;
    const index = Math.min(focusAfterRemove, count - 1);
    const target = index >= 0 ? document.getElementById(fieldId(fieldOf(index))) : addButton.current;
    target?.focus();
    setFocusAfterRemove(null);
  }, [focusAfterRemove, count, fieldOf]);

  const removeAt = (index: number) => {
    remove(index);
    setFocusAfterRemove(index);
  };
  return { addButton, removeAt };
}

/** Under a repeatable list: the rule about the whole list that failed, and Add (off at the limit). */
export function RowListFooter({
  error,
  count,
  addButton,
  onAdd,
  label,
}: {
  error: string | undefined;
  count: number;
  addButton: RefObject<HTMLButtonElement | null>;
  onAdd: () => void;
  label: string;
}) {
  return (
    <>
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
      <div>
        <button
          ref={addButton}
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={onAdd}
          disabled={count >= MAX_ROWS}
        >
          {label}
        </button>
        {count >= MAX_ROWS ? <span className="field-hint"> The API takes at most {MAX_ROWS}.</span> : null}
      </div>
    </>
  );
}

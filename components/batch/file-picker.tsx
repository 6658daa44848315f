'use client';

import { type DragEvent, useState } from 'react';
import { MAX_BATCH_ROWS, templateCsv } from './columns';

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv())}`;

interface FilePickerProps {
  onFile: (file: File) => void;
  disabled: boolean;
  busy: boolean;
}

/** Drop a CSV here, or choose one with the (keyboard-reachable) file input. */
export function FilePicker({ onFile, disabled, busy }: FilePickerProps) {
  const [dragging, setDragging] = useState(false);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file input inside is the keyboard path
    <div
      className="batch-drop"
      data-dragging={dragging || undefined}
      onDragEnter={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={(event) => {
        // Leaving for a child element is not leaving the zone.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <p className="batch-drop-title">Drop a CSV file here, or</p>
      <label className="btn btn-primary batch-file-label" aria-disabled={disabled || undefined}>
        {busy ? 'Reading the file…' : 'Choose a CSV file'}
        <input
          type="file"
          accept=".csv,.tsv,.txt,text/csv"
          className="visually-hidden"
          disabled={disabled}
          aria-describedby="batch-file-hint"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so choosing the same file again (after editing it) loads it again.
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
      <p className="field-hint" id="batch-file-hint">
        A header row, then up to {MAX_BATCH_ROWS.toLocaleString('en-US')} applicants. The file is read in this
        browser; the server checks each row (storing nothing) and verifies them only when you start the run.
      </p>
      <a href={TEMPLATE_HREF} download="verity-batch-template.csv">
        Download template CSV
      </a>
    </div>
  );
}

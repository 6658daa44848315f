'use client';

import { CopyButton } from '@/components/ui/copy-button';
import { KEY_PLACEHOLDER } from './curl';

interface CurlViewProps {
  command: string;
  includeKey: boolean;
  onIncludeKey: (value: boolean) => void;
  needsKey: boolean;
}

/** The request as a curl command, copyable; the key as a variable unless asked otherwise. */
export function CurlView({ command, includeKey, onIncludeKey, needsKey }: CurlViewProps) {
  return (
    <section className="card" aria-labelledby="explorer-curl-heading">
      <div className="card-header">
        <div>
          <h2 id="explorer-curl-heading">curl</h2>
          <p className="muted">The same request from a terminal.</p>
        </div>
        <CopyButton text={command} label="Copy curl command" />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <pre className="explorer-pre explorer-curl" tabIndex={0}>
        <code>{command}</code>
      </pre>
      {needsKey ? (
        <>
          <label className="check">
            <input
              type="checkbox"
              checked={includeKey}
              onChange={(event) => onIncludeKey(event.target.checked)}
            />
            Include the key in the command
          </label>
          <p className="field-hint">
            {includeKey
              ? 'The command holds the key itself: do not paste it where others can read it.'
              : `The command reads the key from ${KEY_PLACEHOLDER}: run export VERITY_API_KEY=vty_… first.`}
          </p>
        </>
      ) : null}
    </section>
  );
}

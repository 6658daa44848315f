'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';

interface ApiKeyFieldProps {
  apiKey: string;
  onApiKey: (value: string) => void;
  remember: boolean;
  onRemember: (value: boolean) => void;
  /** The chosen operation needs a key. */
  needed: boolean;
}

export function ApiKeyField({ apiKey, onApiKey, remember, onRemember, needed }: ApiKeyFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor="explorer-key">API key</label>
      <div className="explorer-key-row">
        <input
          id="explorer-key"
          className="input explorer-mono"
          type={visible ? 'text' : 'password'}
          value={apiKey}
          onChange={(event) => onApiKey(event.target.value.trim())}
          placeholder="vty_…"
          autoComplete="off"
          spellCheck={false}
          data-1p-ignore
          aria-describedby="explorer-key-hint"
        />
        <Button size="sm" onClick={() => setVisible((value) => !value)} aria-pressed={visible}>
          {visible ? 'Hide' : 'Show'}
        </Button>
      </div>
      <label className="check">
        <input type="checkbox" checked={remember} onChange={(event) => onRemember(event.target.checked)} />
        Remember for this tab
      </label>
      <span className="field-hint" id="explorer-key-hint">
        {needed && apiKey === '' ? 'This operation needs a key; without one the API answers 401. ' : null}
        The key stays in this page (ticked: in this tab's session storage, until the tab closes) and is only
        sent as the Authorization header of your requests. Admins issue keys on the Admin page; the server
        prints a demo key when it starts.
      </span>
    </div>
  );
}

'use client';

import { useEffect, useState } from 'react';

const STORAGE_KEY = 'verity.explorer.apiKey';

/**
 * The API key of the explorer: in memory only, unless the user asks to remember it for this
 * tab (sessionStorage: gone when the tab closes, never sent to the server by the console).
 */
export function useApiKey() {
  const [apiKey, setApiKey] = useState('');
  const [remember, setRemember] = useState(false);
  // Nothing is written before the saved key (if any) has been read back.
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    try {
      const saved = window.sessionStorage.getItem(STORAGE_KEY);
      if (saved) {
        setApiKey(saved);
        setRemember(true);
      }
    } catch {
      // Storage disabled (privacy settings): the key simply lives in memory.
    }
    setLoaded(true);
  }, []);

  useEffect(() => {
    if (!loaded) return;
    try {
      if (remember && apiKey !== '') window.sessionStorage.setItem(STORAGE_KEY, apiKey);
      else window.sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      // As above.
    }
  }, [apiKey, remember, loaded]);

  return { apiKey, setApiKey, remember, setRemember };
}

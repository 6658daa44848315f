'use client';

import { useState } from 'react';
import { Segmented } from '@/components/ui/segmented';
import { THEME_COOKIE, THEMES, type Theme, themeAttribute } from './theme';

const LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Light, dark or the system's choice; remembered in a cookie and applied at once. */
export function ThemeToggle({ initial }: { initial: Theme }) {
  const [theme, setTheme] = useState<Theme>(initial);

  function choose(next: Theme) {
    setTheme(next);
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
    document.cookie = `${THEME_COOKIE}=${next}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
    const attribute = themeAttribute(next);
    if (attribute) document.documentElement.dataset.theme = attribute;
    else delete document.documentElement.dataset.theme;
  }

  return (
    <Segmented
      name="theme"
      label="Theme"
      options={THEMES}
      value={theme}
      onChange={choose}
      labelOf={(option) => LABELS[option]}
    />
  );
}

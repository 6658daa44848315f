export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/** The cookie the root layout reads, so the server renders the chosen theme on first paint. */
export const THEME_COOKIE = 'verity-theme';

export function parseTheme(value: string | undefined | null): Theme {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** `data-theme` for <html>: absent for system, so the prefers-color-scheme rules apply. */
export function themeAttribute(theme: Theme): 'light' | 'dark' | undefined {
  return theme === 'system' ? undefined : theme;
}

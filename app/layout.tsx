import type { Metadata, Viewport } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { ZodJitless } from '@/components/providers/zod-jitless';
import { parseTheme, THEME_COOKIE, themeAttribute } from '@/components/shell/theme';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Verity', template: '%s · Verity' },
  description: 'Self-hosted identity verification and signals',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
};

// The theme comes from a cookie, so the server renders the right one: no flash of the wrong theme.
export async function RootLayout({ children }: { children: ReactNode }) {
  const theme = parseTheme((await cookies()).get(THEME_COOKIE)?.value);
  return (
    <html lang="en" data-theme={themeAttribute(theme)}>
      <body>
        <ZodJitless />
        {children}
      </body>
    </html>
  );
}

export default RootLayout;

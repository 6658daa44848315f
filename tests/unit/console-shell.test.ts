import { describe, expect, it } from 'vitest';
import { isActive, NAV_ITEMS } from '@/components/shell/nav-items';
import { parseTheme, themeAttribute } from '@/components/shell/theme';
import { parseAdminCredentials } from '@/scripts/support/launch-server';

describe('console navigation', () => {
  const item = (href: string) => {
    const found = NAV_ITEMS.find((candidate) => candidate.href === href);
    if (!found) throw new Error(`no nav item ${href}`);
    return found;
  };

  it('lists the eight sections, Admin for admins only', () => {
    expect(NAV_ITEMS.map((i) => i.href)).toEqual([
      '/',
      '/signals',
      '/sessions',
      '/batch',
      '/explorer',
      '/reference',
      '/lists',
      '/admin',
    ]);
    expect(NAV_ITEMS.filter((i) => i.role === 'admin').map((i) => i.href)).toEqual(['/admin']);
  });

  it('marks Investigate only on the root, other sections on their sub-pages too', () => {
    expect(isActive(item('/'), '/')).toBe(true);
    expect(isActive(item('/'), '/sessions')).toBe(false);
    expect(isActive(item('/sessions'), '/sessions/ses_abc')).toBe(true);
    expect(isActive(item('/sessions'), '/sessionsx')).toBe(false);
  });
});

describe('theme', () => {
  it('reads the cookie, defaulting to the system theme', () => {
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('system')).toBe('system');
    expect(parseTheme('purple')).toBe('system');
    expect(parseTheme(undefined)).toBe('system');
  });

  it('sets data-theme only for an explicit choice', () => {
    expect(themeAttribute('dark')).toBe('dark');
    expect(themeAttribute('system')).toBeUndefined();
  });
});

describe('parseAdminCredentials (launcher banner)', () => {
  const banner = [
    '[verity] empty database: created the demo workspace. Its API key is shown once:',
    '',
    '  workspace  demo',
    '  key id     key_abc',
    '  API key    vty_abc',
    '',
    '[verity] created the first console admin, in the demo workspace. Its password is shown once:',
    '',
    '  console    http://127.0.0.1:3000/sign-in',
    '  email      admin@verity.local',
    '  password   3mYwqT8fJx2ZkLr9HnVb4c',
    '',
  ].join('\n');

  it('finds the printed e-mail and password', () => {
    expect(parseAdminCredentials(banner)).toEqual({
      email: 'admin@verity.local',
      password: '3mYwqT8fJx2ZkLr9HnVb4c',
    });
  });

  it('has no password when ADMIN_PASSWORD chose it, and nothing without the banner', () => {
    const withoutPassword = banner.replace(/^ {2}password.*$/m, '');
    expect(parseAdminCredentials(withoutPassword)).toEqual({ email: 'admin@verity.local', password: null });
    expect(parseAdminCredentials('[verity] console and API at http://127.0.0.1:3000')).toBeNull();
  });
});

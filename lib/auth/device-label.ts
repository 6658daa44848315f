// A console session's device as a person reads it ("Chrome 131 on Linux"), from the User-Agent
// recorded at sign-in. bowser (MIT, maintained) knows the browsers and systems; ua-parser-js 2
// is AGPL, which a self-hosted product should not pull in.
import Bowser from 'bowser';

export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name
    ? `${browser.name}${browser.version ? ` ${browser.version.split('.')[0]}` : ''}`
    : null;
  const system = os.name ? `${os.name}${os.versionName ? ` ${os.versionName}` : ''}` : null;
  if (name && system) return `${name} on ${system}`;
  return name ?? system ?? userAgent.slice(0, 60);
}

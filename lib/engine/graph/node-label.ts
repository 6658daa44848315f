// How the console's graph view names an identifier: masked as the console masks a session's
// inputs elsewhere (lib/engine/mask.ts). The stored values are canonical keys: an SSN is a keyed
// hash (its last four are known only from the session's own input), a phone is E.164, an email a
// digest unless the workspace holds its own cleartext.
import { maskPhone } from '../mask';

const MAX_LABEL = 64;

const bounded = (text: string): string => {
  const chars = Array.from(text);
  return chars.length > MAX_LABEL ? `${chars.slice(0, MAX_LABEL - 1).join('')}…` : text;
};

/**
 * A lowercase canonical key written as names and places are: each word, and each part after a
 * hyphen or an apostrophe, with a capital ("San Jose", "Winston-Salem", "O'Brien"). The key
 * keeps no casing, so this is the closest to what was entered.
 */
const capital = (text: string) =>
  text.replace(
    /(^|[\s\-'’.])(\p{Ll})/gu,
    (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`,
  );

export interface LabelInput {
  kind: string;
  value: string;
  /** The workspace's own cleartext of an email, when it sent one. */
  cleartext: string | null;
  /** The last four digits of an SSN, when it is one of the session's own. */
  ssnLastFour: string | null;
}

function emailLabel(value: string, cleartext: string | null): string {
  const at = cleartext?.lastIndexOf('@') ?? -1;
  if (cleartext && at > 0) return `${Array.from(cleartext)[0]}***@${cleartext.slice(at + 1)}`;
  // `md5:…`/`sha1:…` placeholders name their digest; canonical rows are SHA-256.
  const [form, digest] = /^(md5|sha1):/.test(value) ? value.split(':', 2) : ['sha256', value];
  return `${form}:${(digest ?? '').slice(0, 8)}…`;
}

/** A stored name key (`given|middle|family`) as lists show a name: the given initial and the family. */
function nameLabel(value: string): string {
  const [given = '', , family = ''] = value.split('|');
  return (
    [given ? `${given.charAt(0).toUpperCase()}.` : '', capital(family)].filter(Boolean).join(' ') || 'Name'
  );
}

/** A stored address key (`line1|line2|city|region|postal|country`): city, region and country only. */
function addressLabel(value: string): string {
  const [, , city = '', region = '', , country = ''] = value.split('|');
  const shown = [capital(city), region.toUpperCase(), country.toUpperCase()].filter(Boolean).join(', ');
  return shown || 'Address';
}

export function nodeLabel(input: LabelInput): string {
  switch (input.kind) {
    case 'email':
      return bounded(emailLabel(input.value, input.cleartext));
    case 'phone':
      return maskPhone(input.value);
    case 'ssn':
      return input.ssnLastFour ? `***-**-${input.ssnLastFour}` : '***-**-****';
    case 'name':
      return bounded(nameLabel(input.value));
    case 'address':
      return bounded(addressLabel(input.value));
    case 'employment':
      return bounded(input.value.split('|').filter(Boolean).join(' · ') || 'Employment');
    default:
      return bounded(input.value);
  }
}

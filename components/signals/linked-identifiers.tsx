import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/components/ui/dates';
import { formatCount } from './format';
import { type LinkedItem, LinkedSection } from './linked-section';
import styles from './signals.module.css';
import type { PersonAnswer } from './signals-types';

const joined = (parts: (string | null | undefined)[], separator = ', ') =>
  parts.filter((part): part is string => typeof part === 'string' && part !== '').join(separator);

function phoneItems(answer: PersonAnswer): LinkedItem[] {
  return answer.phones.map((phone) => ({
    key: phone.phone,
    primary: <code>{phone.phone}</code>,
    subject: phone.phone,
    details:
      phone.countries.length > 0 ? (
        <span className="inline">
          {phone.countries.map((country) => (
            <Badge key={country}>{country}</Badge>
          ))}
        </span>
      ) : null,
    copy: { text: phone.phone, label: 'Copy number' },
    pivot: phone.phone,
    seen: phone,
  }));
}

function profileItems(answer: PersonAnswer): LinkedItem[] {
  return answer.socialProfiles.map((profile) => {
    const facts = joined(
      [
        profile.createdAtMs === null ? null : `created ${formatDateTime(profile.createdAtMs)}`,
        profile.followers === null ? null : `${formatCount(profile.followers)} followers`,
        profile.following === null ? null : `${formatCount(profile.following)} following`,
        profile.country,
      ],
      ' · ',
    );
    return {
      key: `${profile.service}:${profile.username}`,
      primary: (
        <span className="inline">
          <Badge tone="info">{profile.service ?? 'profile'}</Badge>
          <span>{profile.username}</span>
        </span>
      ),
      subject: `${profile.service ?? 'profile'} ${profile.username}`,
      details: facts ? <span className="muted">{facts}</span> : null,
      copy: { text: profile.username, label: 'Copy username' },
      seen: profile,
    };
  });
}

function locationItems(answer: PersonAnswer): LinkedItem[] {
  return answer.locations.map((location, index) => {
    const street = joined([location.addressLine1, location.addressLine2]);
    const place = joined([location.city, joined([location.regionCode, location.postalCode], ' ')]);
    const text = joined([street, place, location.countryCode]);
    return {
      key: `${text}#${index}`,
      primary: (
        <span>
          {street || <span className="muted">No street</span>}
          {place ? <span className={styles.block}>{place}</span> : null}
        </span>
      ),
      subject: text || 'location',
      details: location.countryCode ? <Badge>{location.countryCode}</Badge> : null,
      copy: text ? { text, label: 'Copy address' } : undefined,
      seen: location,
    };
  });
}

function ipItems(answer: PersonAnswer): LinkedItem[] {
  return answer.ipAddresses.map((ip) => ({
    key: ip.ipAddress,
    primary: <code>{ip.ipAddress}</code>,
    subject: ip.ipAddress,
    copy: { text: ip.ipAddress, label: 'Copy IP' },
    seen: ip,
  }));
}

function employmentItems(answer: PersonAnswer): LinkedItem[] {
  return answer.employment.map((job, index) => {
    const text = joined([job.organization, job.title], ' — ');
    return {
      key: `${text}#${index}`,
      primary: <span>{text || <span className="muted">Unnamed employer</span>}</span>,
      subject: text || 'employment',
      seen: job,
    };
  });
}

/** Everything the graph links to the person besides emails, in compact lists. */
export function LinkedIdentifiers({ answer }: { answer: PersonAnswer }) {
  return (
    <div className={styles.linkedGrid}>
      <LinkedSection title="Phones" items={phoneItems(answer)} empty="No phone linked." />
      <LinkedSection title="Social profiles" items={profileItems(answer)} empty="No profile linked." />
      <LinkedSection title="Locations" items={locationItems(answer)} empty="No location linked." />
      <LinkedSection title="IP addresses" items={ipItems(answer)} empty="No IP address linked." />
      <LinkedSection title="Employment" items={employmentItems(answer)} empty="No employer linked." />
    </div>
  );
}

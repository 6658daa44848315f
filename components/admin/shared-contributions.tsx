import type { GraphContributions } from '@/lib/contract/schemas/graph-sharing';
import styles from './shared-contributions.module.css';

const IDENTIFIER_LABELS = [
  ['email', 'Emails (known, with dates and counts; not their text)'],
  ['phone', 'Phone numbers'],
  ['name', 'Names'],
  ['address', 'Postal addresses'],
  ['ip', 'IP addresses'],
  ['ssn', 'SSNs (hashed)'],
  ['profile', 'Social profiles'],
  ['employment', 'Employers'],
] as const;

const count = (n: number) => n.toLocaleString('en-US');

/** What other workspaces see while this one shares: its contributions, counted now. */
export function SharedContributions({ contributions }: { contributions: GraphContributions }) {
  const rows: [string, number][] = [
    ...IDENTIFIER_LABELS.map(([kind, label]): [string, number] => [
      label,
      contributions.identifiers[kind] ?? 0,
    ]),
    ['Links between identifiers', contributions.links],
    ['Breach records', contributions.breaches],
    ['Carrier records of phones', contributions.phoneRecords],
    ['Profile records', contributions.profileRecords],
  ];
  const total = rows.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return <p className="muted">This workspace has contributed nothing to the graph yet.</p>;
  return (
    <dl className={styles.list} aria-label="This workspace's contributions">
      {rows
        .filter(([, n]) => n > 0)
        .map(([label, n]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{count(n)}</dd>
          </div>
        ))}
    </dl>
  );
}

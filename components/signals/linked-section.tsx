import { type ReactNode, useId } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { formatCount } from './format';
import { SeenLine } from './seen-facts';
import { SessionsLink } from './sessions-link';
import styles from './signals.module.css';
import type { Seen } from './signals-types';

export interface LinkedItem {
  key: string;
  /** What the identifier is, as the analyst reads it. */
  primary: ReactNode;
  /** Plain text naming it for screen readers (the meter's label) and copy buttons. */
  subject: string;
  details?: ReactNode;
  /** Text a copy button puts on the clipboard, when copying it is useful. */
  copy?: { text: string; label: string };
  /** The search text that lists the workspace's sessions which used it (the pivot). */
  pivot?: string;
  seen: Seen;
}

/** One kind of linked identifier (phones, profiles, …) as a compact list, most confident first. */
export function LinkedSection({
  title,
  items,
  empty,
}: {
  title: string;
  items: LinkedItem[];
  empty: string;
}) {
  const headingId = useId();
  return (
    <section className={styles.linked} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.linkedHeading}>
        {title} <span className={styles.count}>{formatCount(items.length)}</span>
      </h3>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className={styles.linkedList}>
          {items.map((item) => (
            <li key={item.key} className={styles.linkedItem}>
              <div className={styles.linkedMain}>
                <span className={styles.linkedPrimary}>{item.primary}</span>
                {item.copy ? <CopyButton text={item.copy.text} label={item.copy.label} /> : null}
                {item.pivot ? <SessionsLink query={item.pivot} subject={item.subject} /> : null}
              </div>
              {item.details ? <div className={styles.linkedDetails}>{item.details}</div> : null}
              <SeenLine seen={item.seen} subject={item.subject} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { SeenLine } from './seen-facts';
import styles from './signals.module.css';
import type { PersonAnswer } from './signals-types';

type Name = NonNullable<PersonAnswer['name']>;

/** The person's most confident name, with when it was seen. */
export function NameSummary({ name }: { name: Name }) {
  const full = [name.given, name.middle, name.family].filter(Boolean).join(' ');
  return (
    <div className={styles.name}>
      <span className={styles.nameLabel}>Name</span>
      <strong className={styles.nameValue}>{full || 'Unnamed'}</strong>
      <SeenLine seen={name} subject={`the name ${full}`} />
    </div>
  );
}

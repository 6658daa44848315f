import type { CheckLists } from '@/components/lists/check-lists';
import { Badge } from '@/components/ui/badge';
import type { CheckGroup } from './check-groups';
import { CheckRow } from './check-row';
import styles from './results.module.css';
import { formatStep, LEVEL_LABEL, LEVEL_TONE } from './risk-style';

interface CheckGroupsViewProps {
  groups: readonly CheckGroup[];
  /** Score before each check that moved it, by check id. */
  starts: ReadonlyMap<string, number>;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** The reference lists behind a check (null: it reads none). */
  listsOf: (check: { id: string; state: string; description: string }) => CheckLists | null;
}

/** The checks by package, each package under its own heading. */
export function CheckGroupsView({ groups, starts, expanded, onToggle, listsOf }: CheckGroupsViewProps) {
  return (
    <div className={styles.groups}>
      {groups.map((group) => {
        const headingId = `package-${group.checkPackage.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <section key={group.checkPackage} className={styles.group} aria-labelledby={headingId}>
            <div className={styles.groupHeader}>
              <h4 id={headingId}>{group.checkPackage}</h4>
              <span className="inline">
                <Badge tone={LEVEL_TONE[group.highest]}>
                  <span className="visually-hidden">Highest risk </span>
                  {LEVEL_LABEL[group.highest]}
                </Badge>
                <span className="muted">
                  {group.contribution > 0 ? `${formatStep(group.contribution)} to the score` : 'no effect'}
                </span>
              </span>
            </div>
            <ul className={styles.checkList}>
              {group.checks.map((check) => (
                <CheckRow
                  key={check.id}
                  check={check}
                  before={starts.get(check.id)}
                  expanded={expanded.has(check.id)}
                  onToggle={() => onToggle(check.id)}
                  lists={listsOf(check)}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

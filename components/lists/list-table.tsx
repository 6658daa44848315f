import { RelativeTime } from '@/components/sessions/relative-time';
import { formatCalendarDate } from '@/components/ui/dates';
import { listFreshness } from '@/lib/engine/lists/freshness';
import { ListAge } from './list-age';
import type { GroupedLists } from './list-groups';
import styles from './lists.module.css';

function formatPublished(iso: string | null) {
  if (iso === null) return <span className="muted">Not stated</span>;
  // Publication dates are calendar dates (stored at UTC midnight): show them in UTC.
  return <time dateTime={iso.slice(0, 10)}>{formatCalendarDate(iso)}</time>;
}

/** The imported lists of one group: name, kind, format, size, dates and age as of `now`. */
export function ListTable({ group, now }: { group: GroupedLists; now: Date }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{group.spec.title} imported</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">List</th>
            <th scope="col">Format</th>
            <th scope="col" className={styles.numeric}>
              Entries
            </th>
            <th scope="col">Published</th>
            <th scope="col">Imported</th>
            <th scope="col">Age</th>
          </tr>
        </thead>
        <tbody>
          {group.lists.map((list) => (
            <tr key={`${list.category}:${list.name}`}>
              <th scope="row" className={styles.name}>
                <code>{list.name}</code>
              </th>
              <td>{list.kind}</td>
              <td>
                <code className={styles.format}>{list.format}</code>
              </td>
              <td className={styles.numeric}>{list.entries.toLocaleString()}</td>
              <td>{formatPublished(list.publishedAt)}</td>
              <td>
                {list.importedAt ? (
                  <RelativeTime iso={list.importedAt} />
                ) : (
                  <span className="muted">Unknown</span>
                )}
              </td>
              <td>
                <ListAge freshness={listFreshness(list, now)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

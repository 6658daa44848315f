import { formatDateTime } from './dates';

/** What a version-history row says of any saved version (risk policy, rules). */
export interface SavedVersion {
  version: number;
  /** `cli` or a console user id. */
  createdBy: string;
  createdByEmail: string | null;
  createdAt: string;
}

/** The first cells of a version-history row: the version, when and by whom it was saved. */
export function SavedVersionCells({ entry }: { entry: SavedVersion }) {
  return (
    <>
      <td>{entry.version}</td>
      <td>{formatDateTime(entry.createdAt)}</td>
      <td>{entry.createdByEmail ?? (entry.createdBy === 'cli' ? 'CLI' : entry.createdBy)}</td>
    </>
  );
}

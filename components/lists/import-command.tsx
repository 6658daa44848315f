import { CopyButton } from '@/components/ui/copy-button';
import styles from './lists.module.css';

export const IMPORT_COMMAND = 'npm run lists -- import DIR';

/** Downloads the official lists and imports them (needs internet). */
export const UPDATE_COMMAND = 'npm run lists -- update';

/** The import command with a copy button; DIR is a folder searched recursively for list files. */
export function ImportCommand() {
  return (
    <div className={styles.command}>
      <code>{IMPORT_COMMAND}</code>
      <CopyButton text={IMPORT_COMMAND} label="Copy command" />
    </div>
  );
}

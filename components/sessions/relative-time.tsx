import { formatDateTime, formatRelative } from '@/components/ui/dates';
import styles from './sessions.module.css';

/** A moment as people read it ("5 minutes ago") with the exact date and time next to it. */
export function RelativeTime({ iso, layout = 'stacked' }: { iso: string; layout?: 'stacked' | 'inline' }) {
  const absolute = formatDateTime(iso);
  return (
    <time dateTime={iso} title={absolute} className={layout === 'stacked' ? styles.stackedTime : undefined}>
      <span>{formatRelative(iso)}</span>
      {layout === 'stacked' ? (
        <span className="field-hint">{absolute}</span>
      ) : (
        <span className="muted"> ({absolute})</span>
      )}
    </time>
  );
}

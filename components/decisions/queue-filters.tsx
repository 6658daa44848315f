'use client';

import type { QueueFacet, ReviewQueueQuery } from '@/lib/contract/console/decisions';
import styles from './decisions.module.css';

/** A facet's choice, with how many waiting sessions it holds. */
const optionLabel = (facet: QueueFacet) => `${facet.label} (${facet.count})`;

/**
 * A filter over facets: its fixed choices, then each facet with its count. A chosen value no
 * longer in the queue stays listed (0) so the select never shows another value than the filter.
 */
function FacetSelect({
  label,
  value,
  fixed,
  facets,
  onChange,
}: {
  label: string;
  value: string | undefined;
  fixed: { id: string; label: string }[];
  facets: QueueFacet[];
  onChange: (value: string | undefined) => void;
}) {
  const orphan =
    value !== undefined &&
    !fixed.some((choice) => choice.id === value) &&
    !facets.some((f) => f.id === value);
  return (
    <label className={styles.sort}>
      <span className="muted">{label}</span>
      <select
        className="select"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        {fixed.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
        {orphan ? <option value={value}>{value} (0)</option> : null}
        {facets.map((facet) => (
          <option key={facet.id} value={facet.id}>
            {optionLabel(facet)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The queue's order and filters: band, a reason (a check the latest call raised) and who holds
 * it. Each choice says how many waiting sessions it has.
 */
export function QueueFilters({
  query,
  facets,
  onChange,
}: {
  query: ReviewQueueQuery;
  facets: { reasons: QueueFacet[]; assignees: QueueFacet[] } | undefined;
  onChange: (next: ReviewQueueQuery) => void;
}) {
  const reasons = facets?.reasons ?? [];
  const assignees = facets?.assignees ?? [];
  const set = (patch: Partial<ReviewQueueQuery>) => onChange({ ...query, ...patch });
  return (
    <fieldset className={styles.filters}>
      <legend className="visually-hidden">Order and filters</legend>
      <label className={styles.sort}>
        <span className="muted">Order</span>
        <select
          className="select"
          value={query.sort}
          onChange={(event) => set({ sort: event.target.value === 'risk' ? 'risk' : 'age' })}
        >
          <option value="age">Oldest first</option>
          <option value="risk">Highest risk first</option>
        </select>
      </label>
      <label className={styles.sort}>
        <span className="muted">Band</span>
        <select
          className="select"
          value={query.band ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            set({ band: value === 'high' || value === 'medium' ? value : undefined });
          }}
        >
          <option value="">High and medium</option>
          <option value="high">High</option>
          <option value="medium">Medium</option>
        </select>
      </label>
      <FacetSelect
        label="Reason"
        value={query.reason}
        fixed={[{ id: '', label: 'Any reason' }]}
        facets={reasons}
        onChange={(reason) => set({ reason })}
      />
      <FacetSelect
        label="Assigned"
        value={query.assignee}
        fixed={[
          { id: '', label: 'Anyone or no one' },
          { id: 'unassigned', label: 'Unassigned' },
          { id: 'me', label: 'Mine' },
        ]}
        facets={assignees}
        onChange={(assignee) => set({ assignee })}
      />
    </fieldset>
  );
}

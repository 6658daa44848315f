import type { StatusClass } from '@/lib/contract/console/usage';

/** How each status class is named and coloured, in the chart's stacking order. */
export const STATUS_STYLE: Record<StatusClass, { label: string; color: string }> = {
  '2xx': { label: 'Success (2xx)', color: 'var(--success)' },
  '4xx': { label: 'Client errors (4xx)', color: 'var(--warning)' },
  '429': { label: 'Rate limited (429)', color: 'var(--info)' },
  '5xx': { label: 'Server errors (5xx)', color: 'var(--danger)' },
};

export const formatCount = (n: number) => n.toLocaleString('en');

/** "Nov 3" for a UTC day YYYY-MM-DD. */
export const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

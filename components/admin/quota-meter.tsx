import type { UsageReport } from '@/lib/contract/console/usage';
import styles from './usage.module.css';
import { formatCount } from './usage-style';

/** Verify calls used against the workspace's trial quota, or that it has none. */
export function QuotaMeter({ quota }: { quota: UsageReport['quota'] }) {
  if (quota.trialQuota === null) {
    return (
      <p>
        No trial quota: this workspace is not on a trial plan. {formatCount(quota.verifyUsed)} Verify calls
        counted.
      </p>
    );
  }
  const left = Math.max(0, quota.trialQuota - quota.verifyUsed);
  return (
    <div>
      <label htmlFor="trial-quota-meter">
        {formatCount(quota.verifyUsed)} of {formatCount(quota.trialQuota)} trial Verify calls used
      </label>
      <meter
        id="trial-quota-meter"
        className={styles.meter}
        min={0}
        max={Math.max(1, quota.trialQuota)}
        value={quota.verifyUsed}
        low={quota.trialQuota * 0.8}
        high={quota.trialQuota * 0.95}
        optimum={0}
      />
      <p className="field-hint">
        {left === 0
          ? 'The quota is used up: Verify answers 429 QUOTA_EXCEEDED until it is raised.'
          : `${formatCount(left)} left. Past the quota, Verify answers 429 QUOTA_EXCEEDED.`}
      </p>
    </div>
  );
}

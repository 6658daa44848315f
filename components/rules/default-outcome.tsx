import { OutcomeFields } from './outcome-fields';
import styles from './rules.module.css';

/** The default: what a call gets when no rule matches. Always after the rules, as it runs last. */
export function DefaultOutcome() {
  return (
    <section className={styles.fallback} aria-labelledby="rules-default-heading">
      <h3 id="rules-default-heading">When no rule matches</h3>
      <p className="field-hint">Every call that no rule above decides gets this outcome and reason code.</p>
      <OutcomeFields outcomePath="defaultOutcome" reasonPath="defaultReasonCode" idBase="rules-default" />
    </section>
  );
}

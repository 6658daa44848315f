// Response body of POST /api/verify. Ids, packages, states and risk weights come from the check
// catalog and the risk function, so the document follows them when they change.
import { z } from 'zod';
import { CHECK_CATALOG, CHECK_IDS } from '@/lib/engine/checks/catalog';
import { PRIOR_FRAUD_RATE } from '@/lib/engine/risk';
import { LEVEL_WEIGHTS } from '@/lib/engine/risk-weights';
import { RULE_OUTCOMES } from '@/lib/engine/rules/rule-set';
import { RISK_ORDER } from '@/lib/engine/types';
import { SESSION_ID_PATTERN } from '../ids';

const nonEmpty = <T>(items: readonly T[]): [T, ...T[]] => {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error('an enum needs at least one value');
  return [first, ...rest];
};

/** Packages in the catalog's order (the order ties are listed in). */
export const CHECK_PACKAGES = [...new Set(Object.values(CHECK_CATALOG).map((spec) => spec.checkPackage))];

/** Markdown list of every check's states, their default risk and the evidence behind each. */
function stateVocabulary(): string {
  return Object.entries(CHECK_CATALOG)
    .map(([id, spec]) => {
      const states = Object.entries(spec.states as Record<string, { risk: string; meaning: string }>)
        .map(([state, { risk, meaning }]) => `  - \`${state}\` [${risk}]: ${meaning}`)
        .join('\n');
      return `- **${id}** (${spec.checkPackage}: ${spec.name})\n${states}`;
    })
    .join('\n');
}

const weights = RISK_ORDER.map((level) => `${level} ${LEVEL_WEIGHTS[level]}`).join(', ');

export const checkSchema = z
  .object({
    id: z.enum(nonEmpty(CHECK_IDS)).describe('Check identifier.'),
    state: z
      .string()
      .describe('Outcome of the check; each check has its own vocabulary (see the list in Check).'),
    name: z.string().describe('Short human-readable title.'),
    description: z.string().describe('Human-readable explanation of the evidence behind this state.'),
    risk: z.enum(nonEmpty(RISK_ORDER)).describe('Risk level of this outcome: HIGH, MED, LOW or NONE.'),
    checkPackage: z.enum(nonEmpty(CHECK_PACKAGES)).describe('The check package the check belongs to.'),
    contribution: z
      .number()
      .min(-1)
      .max(1)
      .optional()
      .describe(
        'How much this check moved the overall risk: the step of the running score when the checks ' +
          'are taken in the order listed. The contributions add up to risk (to 4 decimals); a check ' +
          'that says nothing, or whose fact an earlier check already counted, contributes 0, and trust ' +
          '(a long, consistent history) contributes a negative step.',
      ),
  })
  .describe(
    'One check run on the input. When the input for a package is absent its checks are still ' +
      'returned, with state NONE or UNKNOWN. A check whose data source is not loaded yet answers ' +
      `UNKNOWN at risk NONE.\n\nStates per check, with their default risk:\n\n${stateVocabulary()}`,
  );

export const verifyOutcomeSchema = z
  .object({
    decision: z
      .enum(RULE_OUTCOMES)
      .describe(
        "What the workspace's rules decided: approve, review (the session waits in the console's queue) or decline.",
      ),
    reasonCode: z
      .string()
      .describe(
        "The matching rule's reason code (upper-case, e.g. BLOCKED_DOMAIN), or the default's when none matched.",
      ),
    rule: z
      .object({
        id: z.string().describe("The rule's id, stable across versions of the rules."),
        name: z.string().describe("The rule's name as the console shows it."),
      })
      .nullable()
      .describe('The first rule whose conditions held; null when none did and the default decided.'),
    rulesVersion: z.int().min(1).describe("The version of the workspace's rules that decided."),
  })
  .describe(
    "The workspace's rules applied to this call (console, Admin, Rules): ordered rules over check " +
      'states, the risk band, workspace list matches and velocity counts; the first that matches ' +
      'decides, else the default. Absent when the workspace has no rules.',
  );

export const verifyResponseSchema = z
  .object({
    risk: z
      .number()
      .min(0)
      .max(1)
      .describe(
        'Overall risk between 0.0 (least risky) and 1.0 (most risky), a scorecard in log-odds: each ' +
          "check's state has a weight of evidence (negative for trust; a state without its own weighs " +
          `its level's: ${weights}), one fact counts once (its strongest weight each way), and with S ` +
          `the sum and p = ${PRIOR_FRAUD_RATE} the prior share of fraud, risk = max(0, (σ(logit(p) + S) ` +
          '- p) / (1 - p)), rounded to 4 decimals. Bands: up to 0.50 low, above 0.50 up to 0.75 ' +
          'medium, above 0.75 high.',
      ),
    sessionId: z
      .string()
      .regex(SESSION_ID_PATTERN)
      .describe(
        'Service-generated identifier of the session (128 random bits). Send it back as sessionId to ' +
          'join the session: the next call is evaluated over every identifier the session has received.',
      ),
    checks: z
      .array(checkSchema)
      .describe(
        'Every check run on the input, most risky first (HIGH, MED, LOW, NONE), then by package and id.',
      ),
    outcome: verifyOutcomeSchema.optional(),
  })
  .describe('Verify result: one overall risk score, the session and every check that ran.');

// Builds docs/checks.md from the catalog, the sources, the risk function and the examples, and
// lists every way the examples fail to hold (scripts/checks-doc.ts writes it, the unit test compares).
import { CHECK_CATALOG, CHECK_IDS, type StateSpec } from '@/lib/engine/checks/catalog';
import { CHECK_EXAMPLES, UNREACHABLE_STATES } from './check-examples';
import { absenceSection } from './doc-absence';
import { introSection } from './doc-intro';
import { awaitingSection, riskSection } from './doc-risk';
import { PACKAGES, packageSection } from './doc-tables';
import { formatMarkdown } from './format-markdown';
import { anchor, code } from './markdown';
import { exampleProblem } from './run-example';

export interface ChecksDoc {
  markdown: string;
  /** Empty when every example reaches its state at its risk and every state is covered. */
  problems: string[];
}

function coverageProblems(): string[] {
  const problems: string[] = [];
  for (const id of CHECK_IDS) {
    for (const state of Object.keys(CHECK_CATALOG[id].states as Readonly<Record<string, StateSpec>>)) {
      const examples = CHECK_EXAMPLES.filter((e) => e.check === id && e.state === state).length;
      const unreachable = UNREACHABLE_STATES.some((u) => u.check === id && u.state === state);
      if (examples === 0 && !unreachable) problems.push(`${id} ${state}: no example`);
      if (examples > 0 && unreachable)
        problems.push(`${id} ${state}: has examples but is listed unreachable`);
    }
  }
  for (const { check, state } of UNREACHABLE_STATES) {
    if (!(state in CHECK_CATALOG[check].states))
      problems.push(`${check} ${state}: listed unreachable, not in the catalog`);
  }
  return problems;
}

function exampleProblems(): string[] {
  return CHECK_EXAMPLES.flatMap((example) => {
    const problem = exampleProblem(example);
    return problem === null
      ? []
      : [`${example.check} ${example.state} ${JSON.stringify(example.request)}: ${problem}`];
  });
}

function unreachableSection(): string[] {
  if (UNREACHABLE_STATES.length === 0) return [];
  return [
    '## States no example reaches',
    '',
    'The vocabulary keeps these states (the checks define them), but no code path answers them with',
    'the data sources loaded today:',
    '',
    ...UNREACHABLE_STATES.map(({ check, state, why }) => `- ${code(check)} ${code(state)}: ${why}`),
  ];
}

export function buildChecksDoc(): ChecksDoc {
  const risk = riskSection();
  const contents = PACKAGES.map((p) => `[${p}](#${anchor(p)})`).join(' · ');
  const sections = [
    introSection({ checks: CHECK_IDS.length, examples: CHECK_EXAMPLES.length }),
    risk.lines,
    absenceSection(),
    awaitingSection(),
    unreachableSection(),
    ['## The checks', '', `Packages: ${contents}.`],
    ...PACKAGES.map(packageSection),
  ].filter((section) => section.length > 0);
  return {
    markdown: formatMarkdown(
      `${sections.map((section) => section.join('\n')).join('\n\n')}\n`,
      'docs/checks.md',
    ),
    problems: [...coverageProblems(), ...exampleProblems(), ...risk.problems],
  };
}

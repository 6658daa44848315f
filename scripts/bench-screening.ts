// Sanctions screening benchmark: loads the real lists through the importers' parsers, builds the
// screening index, and prints (a) quality: recall over exact and perturbed listed names and the
// false-positive rate over generated non-listed names, with a threshold sweep; (b) micro: the
// latency of one screening and of the whole engine, and the heap the index holds.
// Run: npx tsx --expose-gc scripts/bench-screening.ts [--data DIR] [--sample 1000] [--seed 7]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ar, base, de, en, es, Faker, fr, it, pl, pt_BR, ru, tr, vi, zh_CN } from '@faker-js/faker';
import { runChecks } from '@/lib/engine/checks';
import { parseVerifyRequest } from '@/lib/engine/request';
import { nameTokens } from '@/lib/engine/sanctions/normalize';
import { buildSanctionsScreen, type SanctionsIndex, type ScreenQuery } from '@/lib/engine/sanctions/screen';
import type { SanctionEntry, SanctionSource, ScreenedName } from '@/lib/engine/sanctions/types';
import { DETECT_HEAD_BYTES, detectSanctionsFormat } from '@/lib/reference/sanctions/detect';
import { PARSE_SOURCE, planSanctionSources } from '@/lib/reference/sanctions/sources';
import { filesUnder, gc, heapUsed, percentile, type Row, table } from './support/bench-report';
import { requestNamed } from './support/bench-requests';
import {
  droppedMiddle,
  presentation,
  type Random,
  seededRandom,
  swapped,
  transliterated,
  typo,
} from './support/name-variants';
import { referenceMemoryRows } from './support/reference-memory';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: path.resolve(process.cwd(), 'reference-data/sanctions') },
    sample: { type: 'string', default: '1000' },
    negatives: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '7' },
    iterations: { type: 'string', default: '5000' },
  },
});
const SAMPLE = Number(values.sample);
const NEGATIVES = Number(values.negatives);
const SEED = Number(values.seed);
const ITERATIONS = Number(values.iterations);
const SWEEP = [0.8, 0.84, 0.86, 0.88, 0.9, 0.92, 0.95];

const pct = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);

/** Every screened list under `dir`, parsed by the importers' parsers. */
function loadSources(dir: string): { sources: SanctionSource[]; ms: number } {
  const started = performance.now();
  const detected = filesUnder(dir).flatMap((file) => {
    const format = detectSanctionsFormat(readFileSync(file, 'utf8').slice(0, DETECT_HEAD_BYTES), file);
    return format ? [{ path: file, format }] : [];
  });
  const { sources: plans } = planSanctionSources(detected);
  const read = (file: string | null) => (file ? readFileSync(file, 'utf8') : null);
  const sources = plans.map((plan) => {
    const parsed = PARSE_SOURCE[plan.format]({
      primary: readFileSync(plan.primary, 'utf8'),
      addresses: read(plan.addresses),
      aliases: read(plan.aliases),
      comments: read(plan.comments),
    });
    return { list: plan.list, name: plan.name, publishedAt: parsed.publishedAt, entries: parsed.entries };
  });
  return { sources, ms: performance.now() - started };
}

/** A free-text person name as the request's parts: first word, inner words, last word. */
function asParts(text: string): ScreenedName {
  if (text.includes(',')) return { given: text, middle: null, family: null };
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 1) return { given: words[0] ?? null, middle: null, family: null };
  return {
    given: words[0] ?? null,
    middle: words.length > 2 ? words.slice(1, -1).join(' ') : null,
    family: words[words.length - 1] ?? null,
  };
}

const queryOf = (entry: SanctionEntry, text: string): ScreenQuery =>
  entry.kind === 'individual'
    ? { kind: 'person', name: asParts(text) }
    : { kind: 'organization', name: text };

interface Probe {
  case: string;
  kind: 'individual' | 'entity';
  /** Best score in the sampled entry's list, and of the sampled entry itself (0: none). */
  listScore: number;
  entryScore: number;
}

function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

function positives(index: SanctionsIndex, sources: readonly SanctionSource[], random: Random): Probe[] {
  const pool = sources.flatMap((source) =>
    source.entries.flatMap((entry) =>
      entry.kind === 'individual' || entry.kind === 'entity' ? [{ source, entry }] : [],
    ),
  );
  const floor = Math.min(...SWEEP);
  const probes: Probe[] = [];
  for (const { source, entry } of shuffle(pool, random).slice(0, SAMPLE)) {
    const alias =
      entry.aliases.length > 0 ? entry.aliases[Math.floor(random() * entry.aliases.length)] : null;
    const cases: [string, string | null][] = [
      ['exact primary name', entry.name],
      ['exact alias', alias ?? null],
      ['one typo', typo(entry.name, random)],
      ['swapped order', swapped(entry.name)],
      ['dropped middle name', entry.kind === 'individual' ? droppedMiddle(entry.name, random) : null],
      ['transliteration variant', transliterated(entry.name, random)],
      ['case, accents, punctuation', presentation(entry.name, random)],
    ];
    for (const [label, text] of cases) {
      if (text === null) continue;
      const matches = index.search(queryOf(entry, text), null, floor).filter((m) => m.list === source.list);
      const own = matches.filter((m) => m.entry.id === entry.id);
      probes.push({
        case: label,
        kind: entry.kind === 'individual' ? 'individual' : 'entity',
        listScore: Math.max(0, ...matches.map((m) => m.score)),
        entryScore: Math.max(0, ...own.map((m) => m.score)),
      });
    }
  }
  return probes;
}

const LOCALES = { en, de, fr, es, it, pl, pt_BR, tr, ru, ar, zh_CN, vi } as const;

/** The names listed anywhere, as sorted canonical tokens: a generated name equal to one is dropped. */
function listedKeys(sources: readonly SanctionSource[]): Set<string> {
  const keys = new Set<string>();
  for (const source of sources) {
    for (const entry of source.entries) {
      for (const name of [entry.name, ...entry.aliases]) keys.add(nameTokens(name).sort().join(' '));
    }
  }
  return keys;
}

interface Negative {
  locale: string;
  kind: 'person' | 'organization';
  query: ScreenQuery;
}

function negatives(listed: ReadonlySet<string>): { items: Negative[]; dropped: number } {
  const items: Negative[] = [];
  let dropped = 0;
  const locales = Object.entries(LOCALES);
  const perLocale = Math.ceil(NEGATIVES / locales.length);
  locales.forEach(([code, locale], i) => {
    const faker = new Faker({ locale: [locale, en, base] });
    faker.seed(SEED * 1000 + i);
    for (let n = 0; n < perLocale; n++) {
      const given = faker.person.firstName();
      const family = faker.person.lastName();
      const middle = n % 4 === 0 ? faker.person.firstName() : null;
      const key = nameTokens([given, middle, family].filter(Boolean).join(' ')).sort().join(' ');
      if (listed.has(key)) dropped++;
      else
        items.push({
          locale: code,
          kind: 'person',
          query: { kind: 'person', name: { given, middle, family } },
        });
      if (n % 2 === 0) {
        const company = faker.company.name();
        if (listed.has(nameTokens(company).sort().join(' '))) dropped++;
        else
          items.push({ locale: code, kind: 'organization', query: { kind: 'organization', name: company } });
      }
    }
  });
  return { items, dropped };
}

function qualityTables(index: SanctionsIndex, sources: readonly SanctionSource[]): ScreenQuery[] {
  const random = seededRandom(SEED);
  const probes = positives(index, sources, random);
  const t = index.threshold;
  const cases = [...new Set(probes.map((p) => p.case))];
  const rows: Row[] = [];
  for (const kind of ['individual', 'entity'] as const) {
    for (const label of cases) {
      const group = probes.filter((p) => p.kind === kind && p.case === label);
      if (group.length === 0) continue;
      rows.push({
        kind,
        case: label,
        probes: group.length,
        [`list flagged @${t}`]: pct(group.filter((p) => p.listScore >= t).length, group.length),
        [`same entry @${t}`]: pct(group.filter((p) => p.entryScore >= t).length, group.length),
      });
    }
  }
  table(rows, `Recall over ${SAMPLE} sampled listed parties (seed ${SEED}), threshold ${t}`);

  const listed = listedKeys(sources);
  const { items, dropped } = negatives(listed);
  const floor = Math.min(...SWEEP);
  const negativeScores = items.map((item) => ({
    ...item,
    score: Math.max(0, ...index.search(item.query, null, floor).map((m) => m.score)),
  }));
  const fpRows: Row[] = [];
  for (const kind of ['person', 'organization'] as const) {
    for (const locale of Object.keys(LOCALES)) {
      const group = negativeScores.filter((n) => n.kind === kind && n.locale === locale);
      if (group.length === 0) continue;
      fpRows.push({
        kind,
        locale,
        names: group.length,
        [`false positives @${t}`]: pct(group.filter((n) => n.score >= t).length, group.length),
      });
    }
  }
  table(
    fpRows,
    `False-positive rate over generated names (faker, seed ${SEED}; ${dropped} equal to a listed name dropped)`,
  );

  // One row per distinct generated name (faker repeats some).
  const flagged = new Map<string, (typeof negativeScores)[number]>();
  for (const n of negativeScores) if (n.score >= t) flagged.set(JSON.stringify(n.query), n);
  const examples = [...flagged.values()].slice(0, 12).map((n) => {
    const match = index.search(n.query, null)[0];
    const text =
      n.query.kind === 'person'
        ? [n.query.name.given, n.query.name.middle, n.query.name.family].filter(Boolean).join(' ')
        : n.query.name;
    return {
      generated: text,
      locale: n.locale,
      listed: match?.matchedName ?? '-',
      list: match?.list ?? '-',
      score: n.score.toFixed(3),
    };
  });
  table(examples, `False positives at ${t} (first ${examples.length})`);

  const sweep: Row[] = SWEEP.map((threshold) => {
    const row: Row = { threshold };
    for (const kind of ['individual', 'entity'] as const) {
      const group = probes.filter((p) => p.kind === kind);
      row[`recall ${kind}`] = pct(group.filter((p) => p.listScore >= threshold).length, group.length);
    }
    for (const kind of ['person', 'organization'] as const) {
      const group = negativeScores.filter((n) => n.kind === kind);
      row[`FPR ${kind}`] = pct(group.filter((n) => n.score >= threshold).length, group.length);
    }
    return row;
  });
  table(sweep, 'Threshold sweep (recall: all perturbation cases; FPR: all locales)');
  return items.filter((item) => item.kind === 'person').map((item) => item.query);
}

function timed(iterations: number, run: (i: number) => void): { p50: number; p99: number } {
  for (let i = 0; i < Math.min(iterations, 2000); i++) run(i);
  gc?.();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    run(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

function microTables(
  index: SanctionsIndex,
  people: readonly ScreenQuery[],
  sources: readonly SanctionSource[],
) {
  const names = people.flatMap((q) => (q.kind === 'person' ? [q.name] : []));
  const listedPeople = sources
    .flatMap((s) => s.entries)
    .filter((e) => e.kind === 'individual')
    .map((e) => asParts(e.name));
  const mixed = names.flatMap((name, i) => [name, listedPeople[(i * 7919) % listedPeople.length] ?? name]);
  const now = new Date();
  const requestFor = (name: ScreenedName) => {
    const parsed = parseVerifyRequest(requestNamed(name));
    return parsed.ok ? [parsed.value] : [];
  };
  const requests = mixed.flatMap(requestFor);
  const rows: Row[] = [];
  const add = (stage: string, result: { p50: number; p99: number }) =>
    rows.push({
      stage,
      iterations: ITERATIONS,
      'p50 µs': result.p50.toFixed(1),
      'p99 µs': result.p99.toFixed(1),
    });
  add(
    'screen one name, all lists (generated and listed names)',
    timed(ITERATIONS, (i) =>
      index.screen(mixed[i % mixed.length] ?? { given: 'x', middle: null, family: null }, null),
    ),
  );
  const pick = (i: number) => requests[i % requests.length] ?? requests[0];
  add(
    'runChecks, full request, no sanctions index',
    timed(ITERATIONS, (i) => {
      const input = pick(i);
      if (input) runChecks(input, { now, graph: null });
    }),
  );
  add(
    'runChecks, full request, sanctions index in context',
    timed(ITERATIONS, (i) => {
      const input = pick(i);
      if (input) runChecks(input, { now, graph: null, sanctions: index });
    }),
  );
  table(rows, 'Latency');
}

const { sources, ms: parseMs } = loadSources(values.data);
const before = heapUsed();
const started = performance.now();
const index = buildSanctionsScreen(sources);
const buildMs = performance.now() - started;
const after = heapUsed();
table(
  sources.map((s) => ({
    list: s.list,
    source: s.name,
    published: s.publishedAt?.toISOString().slice(0, 10) ?? '-',
    entries: s.entries.length,
  })),
  `Loaded lists (${values.data})`,
);
table(
  [
    {
      entries: index.stats.entries,
      names: index.stats.names,
      vocabulary: index.stats.vocabulary,
      'parse ms': parseMs.toFixed(0),
      'build ms': buildMs.toFixed(0),
      'index heap MB': gc ? ((after - before) / 1048576).toFixed(1) : 'n/a (run with --expose-gc)',
    },
  ],
  'Index',
);
const people = qualityTables(index, sources);
microTables(index, people, sources);
table(
  referenceMemoryRows(path.resolve(values.data, '..'), ITERATIONS),
  'Other reference indexes (built from reference-data/ip and /ssn as the importers read them)',
);

// Turns the detected files of a directory into sanctions sources: each OFAC primary file
// (sdn.csv, cons_prim.csv) with the address / alias / comments files of its folder, every other
// list file on its own. Files of lists that are not screened are set aside with a reason.
import path from 'node:path';
import type { SanctionListId } from '@/lib/engine/sanctions/types';
import { parseCanadaSemaXml } from './canada-sema-xml';
import type { SanctionsFileFormat } from './detect';
import type { ParsedSanctions } from './entry-draft';
import { parseEuFsfCsv } from './eu-fsf-csv';
import { parseEuFsfXml } from './eu-fsf-xml';
import { parseOfacCsv } from './ofac-csv';
import { parseUkFcdoCsv } from './uk-fcdo-csv';
import { parseUkOfsiCsv } from './uk-ofsi-csv';
import { parseUnXml } from './un-xml';

export type SanctionSourceFormat =
  | 'ofac-csv'
  | 'un-xml'
  | 'eu-fsf-csv'
  | 'eu-fsf-xml'
  | 'uk-ofsi-csv'
  | 'uk-fcdo-csv'
  | 'canada-sema-xml';

export interface DetectedFile {
  path: string;
  format: SanctionsFileFormat;
}

export interface SanctionSourcePlan {
  /** Folder and primary file, e.g. `ofac-sdn-2021-07/sdn.csv` (the sanction_lists id). */
  name: string;
  list: SanctionListId;
  format: SanctionSourceFormat;
  primary: string;
  addresses: string | null;
  aliases: string | null;
  comments: string | null;
}

export interface SetAsideFile {
  path: string;
  reason: string;
}

/** The texts of a source's files, primary first. */
export interface SourceTexts {
  primary: string;
  addresses?: string | null;
  aliases?: string | null;
  comments?: string | null;
}

const SINGLE_FILE: Partial<
  Record<SanctionsFileFormat, { list: SanctionListId; format: SanctionSourceFormat }>
> = {
  'un-xml': { list: 'UN', format: 'un-xml' },
  'eu-fsf-csv': { list: 'EU', format: 'eu-fsf-csv' },
  'eu-fsf-xml': { list: 'EU', format: 'eu-fsf-xml' },
  'uk-ofsi-csv': { list: 'UK', format: 'uk-ofsi-csv' },
  'uk-fcdo-csv': { list: 'UK', format: 'uk-fcdo-csv' },
  'canada-sema-xml': { list: 'CA', format: 'canada-sema-xml' },
};

const NOT_SCREENED: Partial<Record<SanctionsFileFormat, string>> = {
  'us-bis-dpl': 'US BIS Denied Persons List: not one of the five screened lists (OFAC, UN, EU, UK, CA)',
  'us-csl-csv': 'US Consolidated Screening List: not one of the five screened lists (OFAC, UN, EU, UK, CA)',
};

const SIBLING_ROLE = {
  'ofac-address': 'addresses',
  'ofac-alias': 'aliases',
  'ofac-comments': 'comments',
} as const;

export const PARSE_SOURCE: Readonly<Record<SanctionSourceFormat, (texts: SourceTexts) => ParsedSanctions>> = {
  'ofac-csv': (texts) => parseOfacCsv(texts),
  'un-xml': (texts) => parseUnXml(texts.primary),
  'eu-fsf-csv': (texts) => parseEuFsfCsv(texts.primary),
  'eu-fsf-xml': (texts) => parseEuFsfXml(texts.primary),
  'uk-ofsi-csv': (texts) => parseUkOfsiCsv(texts.primary),
  'uk-fcdo-csv': (texts) => parseUkFcdoCsv(texts.primary),
  'canada-sema-xml': (texts) => parseCanadaSemaXml(texts.primary),
};

export function sourceName(file: string): string {
  return `${path.basename(path.dirname(file))}/${path.basename(file)}`;
}

/** OFAC's two families share a layout: the consolidated (non-SDN) files are prefixed "cons_". */
const family = (file: string) => (/^cons[_-]/i.test(path.basename(file)) ? 'cons' : 'sdn');

export function planSanctionSources(files: readonly DetectedFile[]): {
  sources: SanctionSourcePlan[];
  setAside: SetAsideFile[];
} {
  const sources: SanctionSourcePlan[] = [];
  const setAside: SetAsideFile[] = [];
  const primaries = files.filter((f) => f.format === 'ofac-primary');
  for (const file of files) {
    const single = SINGLE_FILE[file.format];
    if (single) {
      sources.push({
        name: sourceName(file.path),
        ...single,
        primary: file.path,
        addresses: null,
        aliases: null,
        comments: null,
      });
    } else if (file.format === 'ofac-primary') {
      sources.push({
        name: sourceName(file.path),
        list: 'OFAC',
        format: 'ofac-csv',
        primary: file.path,
        addresses: null,
        aliases: null,
        comments: null,
      });
    } else {
      const reason = NOT_SCREENED[file.format];
      if (reason) setAside.push({ path: file.path, reason });
    }
  }
  for (const file of files) {
    if (!(file.format in SIBLING_ROLE)) continue;
    const role = SIBLING_ROLE[file.format as keyof typeof SIBLING_ROLE];
    const dir = path.dirname(file.path);
    const inFolder = primaries.filter((p) => path.dirname(p.path) === dir);
    // One primary in the folder takes every sibling; two (sdn.csv and cons_prim.csv) split by prefix.
    const owner =
      inFolder.length === 1 ? inFolder[0] : inFolder.find((p) => family(p.path) === family(file.path));
    const source = owner && sources.find((s) => s.primary === owner.path);
    if (source && source[role] === null) source[role] = file.path;
    else
      setAside.push({
        path: file.path,
        reason: source
          ? `a second OFAC ${role} file for ${source.name}`
          : `OFAC ${role} file without its primary file (sdn.csv or cons_prim.csv) in the same folder`,
      });
  }
  return { sources, setAside };
}

// Collects one entry's facts from the rows or elements of a list, dropping blanks and duplicates,
// then yields the normalised SanctionEntry. Shared by every list parser.
import type { SanctionEntry, SanctionEntryKind } from '@/lib/engine/sanctions/types';
import { countryCode, isCountryCode } from './countries';
import { parseBirthDates } from './dates';

const clean = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

export class EntryDraft {
  name = '';
  private readonly aliases = new Set<string>();
  private readonly countries = new Set<string>();
  private readonly cities = new Set<string>();
  private readonly birthDates = new Set<string>();
  private readonly programs = new Set<string>();

  constructor(
    readonly id: string,
    public kind: SanctionEntryKind,
  ) {}

  private primaryMarked = false;

  /**
   * The first name given becomes the primary name and later ones aliases, unless the list marks
   * a name as primary (`primary`): that one wins wherever it comes.
   */
  addName(raw: string | null | undefined, primary = false): void {
    const name = clean(raw);
    if (!name) return;
    if (!this.name) this.name = name;
    else if (primary && !this.primaryMarked) {
      this.aliases.add(this.name);
      this.name = name;
    } else this.aliases.add(name);
    if (primary) this.primaryMarked = true;
  }

  addAlias(raw: string | null | undefined): void {
    const alias = clean(raw);
    if (alias) this.aliases.add(alias);
  }

  /** A country as the list spells it (name or alpha-2 code); unknown spellings are dropped. */
  addCountry(raw: string | null | undefined): void {
    const code = countryCode(raw);
    if (code) this.countries.add(code);
  }

  addCountryCode(raw: string | null | undefined): void {
    const code = clean(raw).toUpperCase();
    if (isCountryCode(code)) this.countries.add(code);
  }

  addCity(raw: string | null | undefined): void {
    const city = clean(raw);
    if (city && city !== '-0-') this.cities.add(city);
  }

  /** A published date-of-birth text; ranges and alternatives add every date they stand for. */
  addBirthDate(raw: string | null | undefined): void {
    for (const date of parseBirthDates(raw)) this.birthDates.add(date);
  }

  addBirthDateIso(date: string | null): void {
    if (date) this.birthDates.add(date);
  }

  addProgram(raw: string | null | undefined): void {
    const program = clean(raw);
    if (program) this.programs.add(program);
  }

  /** The entry, or null when the list gave it no name at all. */
  toEntry(): SanctionEntry | null {
    if (!this.name) return null;
    this.aliases.delete(this.name);
    return {
      id: this.id,
      kind: this.kind,
      name: this.name,
      aliases: [...this.aliases],
      countries: [...this.countries],
      cities: [...this.cities],
      birthDates: [...this.birthDates],
      programs: [...this.programs],
    };
  }
}

/** What a parser read from one file (or OFAC file set). */
export interface ParsedSanctions {
  entries: SanctionEntry[];
  publishedAt: Date | null;
  /** Records read (rows, elements). */
  records: number;
  /** Records that carried no usable name. */
  invalid: number;
}

/** Finishes drafts into entries, counting those without a name as invalid. */
export function finishDrafts(
  drafts: Iterable<EntryDraft>,
  records: number,
  publishedAt: Date | null,
): ParsedSanctions {
  const entries: SanctionEntry[] = [];
  let invalid = 0;
  for (const draft of drafts) {
    const entry = draft.toEntry();
    if (entry) entries.push(entry);
    else invalid += 1;
  }
  return { entries, publishedAt, records, invalid };
}

// Canada Consolidated Autonomous Sanctions List (SEMA / JVCFOA) XML: flat data-set/record
// elements. Older files name the fields Entity, DateOfBirth, Title; newer ones EntityOrShip,
// DateOfBirthOrShipBuildDate, TitleOrShip, ShipIMONumber, some with a French suffix
// ("EntityOrShip-EntiteOuNavire"). Country is the sanctions regime ("Russia / Russie"), which
// for a listed person or company is also where it belongs; JVCFOR names no country.
import { EntryDraft, finishDrafts, type ParsedSanctions } from './entry-draft';
import { children, parseXml, type XmlNode } from './xml';

/** The record's fields by their English name (the "-French" suffix removed). */
function fieldsOf(record: XmlNode): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [tag, value] of Object.entries(record)) {
    if (typeof value !== 'string') continue;
    const key = tag.split('-')[0] ?? tag;
    if (value.trim()) fields.set(key, value.trim());
  }
  return fields;
}

/**
 * An individual's alias is sometimes only a spelling of the given name ("Andrei" for "Andrey
 * Igorevich AKIMOV"): such an alias takes the place of as many given names and keeps the family.
 */
function individualAlias(alias: string, given: string, family: string): string {
  if (!family || alias.toLowerCase().includes(family.toLowerCase())) return alias;
  const aliasWords = alias.split(/\s+/);
  const givenWords = given.split(/\s+/).filter(Boolean);
  if (aliasWords.length > givenWords.length) return alias;
  return [...aliasWords, ...givenWords.slice(aliasWords.length), family].join(' ');
}

function draftOf(record: XmlNode, index: number): EntryDraft {
  const f = fieldsOf(record);
  const country = f.get('Country') ?? '';
  const schedule = f.get('Schedule') ?? '';
  const item = f.get('Item') ?? String(index + 1);
  const organisation = f.get('EntityOrShip') ?? f.get('Entity') ?? '';
  const given = f.get('GivenName') ?? '';
  const family = f.get('LastName') ?? '';
  const ship = Boolean(f.get('ShipIMONumber'));
  const kind = organisation ? (ship ? 'vessel' : 'entity') : 'individual';
  const regime = country.split(' / ')[0]?.trim() ?? '';
  // Items restart per regime and schedule, so the id names all three: "Russia/1/43", "JVCFOR/1/1".
  const short = /\(([A-Z]{2,})\)/.exec(regime)?.[1] ?? regime;
  const draft = new EntryDraft(`${short}/${schedule}/${item}`, kind);
  draft.addName(organisation || [given, family].filter(Boolean).join(' '));
  for (const alias of (f.get('Aliases') ?? '').split(/,\s*/)) {
    if (!alias.trim()) continue;
    draft.addAlias(kind === 'individual' ? individualAlias(alias.trim(), given, family) : alias);
  }
  draft.addCountry(country);
  draft.addProgram(regime);
  if (kind !== 'vessel') draft.addBirthDate(f.get('DateOfBirthOrShipBuildDate') ?? f.get('DateOfBirth'));
  return draft;
}

export function parseCanadaSemaXml(xml: string): ParsedSanctions {
  const root = children(parseXml(xml, ['record']), 'data-set')[0];
  const records = children(root, 'record');
  return finishDrafts(
    records.map((record, i) => draftOf(record, i)),
    records.length,
    null,
  );
}

// EU Financial Sanctions Files, CSV "1.1": semicolon-separated with a header row, one row per fact
// (name alias, address, birth date, identification, citizenship) of an entity, repeated entity
// columns, grouped by Entity_LogicalId. Columns are found by header name, not position.
import { csvRows } from './csv';
import { parsePublishedDate } from './dates';
import { EntryDraft, finishDrafts, type ParsedSanctions } from './entry-draft';
import { applyEuBirthDate, applyEuCountry, euSubjectKind, euWholeName } from './eu-facts';

export function parseEuFsfCsv(csv: string): ParsedSanctions {
  let column: Map<string, number> | null = null;
  let generated: string | undefined;
  const drafts = new Map<string, EntryDraft>();
  let records = 0;
  for (const row of csvRows(csv, ';')) {
    if (!column) {
      if (row.includes('Entity_LogicalId')) column = new Map(row.map((name, i) => [name.trim(), i]));
      // A "fileGenerationDate;dd/mm/yyyy" line before the header, as some exports have.
      else if (row[0] === 'fileGenerationDate') generated = row[1];
      continue;
    }
    const columns = column;
    const get = (name: string): string | undefined => {
      const i = columns.get(name);
      return i === undefined ? undefined : row[i]?.trim() || undefined;
    };
    const id = get('Entity_LogicalId');
    if (!id) continue;
    records += 1;
    generated ??= get('fileGenerationDate');
    let draft = drafts.get(id);
    if (!draft) {
      draft = new EntryDraft(
        id,
        euSubjectKind(get('Entity_SubjectType'), get('Entity_SubjectType_ClassificationCode')),
      );
      drafts.set(id, draft);
    }
    draft.addProgram(get('Entity_Regulation_Programme'));
    draft.addName(
      euWholeName(
        get('NameAlias_WholeName'),
        get('NameAlias_FirstName'),
        get('NameAlias_MiddleName'),
        get('NameAlias_LastName'),
      ),
    );
    if (get('Citizenship_CountryIso2Code') || get('Citizenship_CountryDescription'))
      applyEuCountry(draft, get('Citizenship_CountryIso2Code'), get('Citizenship_CountryDescription'));
    if (get('Address_CountryIso2Code') || get('Address_CountryDescription'))
      applyEuCountry(draft, get('Address_CountryIso2Code'), get('Address_CountryDescription'));
    draft.addCity(get('Address_City'));
    applyEuBirthDate(draft, {
      birthdate: get('BirthDate_BirthDate'),
      year: get('BirthDate_Year'),
      month: get('BirthDate_Month'),
      day: get('BirthDate_Day'),
      yearFrom: get('BirthDate_YearRangeFrom'),
      yearTo: get('BirthDate_YearRangeTo'),
    });
    draft.addCity(get('BirthDate_City'));
    if (get('BirthDate_CountryIso2Code') || get('BirthDate_CountryDescription'))
      applyEuCountry(draft, get('BirthDate_CountryIso2Code'), get('BirthDate_CountryDescription'));
  }
  return finishDrafts(drafts.values(), records, parsePublishedDate(generated));
}

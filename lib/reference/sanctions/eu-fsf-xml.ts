// EU Financial Sanctions Files, XML "1.1": export (generationDate) > sanctionEntity (logicalId)
// with subjectType, regulation, nameAlias, citizenship, address and birthdate elements whose
// facts are attributes.
import { parsePublishedDate } from './dates';
import { EntryDraft, finishDrafts, type ParsedSanctions } from './entry-draft';
import { applyEuBirthDate, applyEuCountry, euSubjectKind, euWholeName } from './eu-facts';
import { child, children, parseXml, text, type XmlNode } from './xml';

const ARRAY_TAGS = ['sanctionEntity', 'regulation', 'nameAlias', 'citizenship', 'address', 'birthdate'];

function draftOf(node: XmlNode): EntryDraft {
  const subject = child(node, 'subjectType');
  const draft = new EntryDraft(
    text(node, 'logicalId') || text(node, 'euReferenceNumber'),
    euSubjectKind(text(subject, 'code'), text(subject, 'classificationCode')),
  );
  for (const regulation of children(node, 'regulation')) draft.addProgram(text(regulation, 'programme'));
  for (const alias of children(node, 'nameAlias')) {
    const attr = (name: string) => text(alias, name);
    draft.addName(euWholeName(attr('wholeName'), attr('firstName'), attr('middleName'), attr('lastName')));
  }
  for (const citizenship of children(node, 'citizenship'))
    applyEuCountry(draft, text(citizenship, 'countryIso2Code'), text(citizenship, 'countryDescription'));
  for (const address of children(node, 'address')) {
    applyEuCountry(draft, text(address, 'countryIso2Code'), text(address, 'countryDescription'));
    draft.addCity(text(address, 'city'));
  }
  for (const birth of children(node, 'birthdate')) {
    const attr = (name: string) => text(birth, name) || undefined;
    applyEuBirthDate(draft, {
      birthdate: attr('birthdate'),
      year: attr('year'),
      month: attr('monthOfYear'),
      day: attr('dayOfMonth'),
      yearFrom: attr('yearRangeFrom'),
      yearTo: attr('yearRangeTo'),
    });
    draft.addCity(text(birth, 'city'));
    applyEuCountry(draft, text(birth, 'countryIso2Code'), text(birth, 'countryDescription'));
  }
  return draft;
}

export function parseEuFsfXml(xml: string): ParsedSanctions {
  const root = child(parseXml(xml, ARRAY_TAGS), 'export');
  const entities = children(root, 'sanctionEntity');
  return finishDrafts(
    entities.map(draftOf),
    entities.length,
    parsePublishedDate(text(root, 'generationDate')),
  );
}

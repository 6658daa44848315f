// UN Security Council Consolidated List XML (CONSOLIDATED_LIST with INDIVIDUALS and ENTITIES).
// Names are split over FIRST_NAME..FOURTH_NAME in display order; aliases of every quality and the
// name in original script are kept; the date is the root's dateGenerated.
import { EntryDraft, finishDrafts, type ParsedSanctions } from './entry-draft';
import { children, parseXml, text, texts, type XmlNode } from './xml';

const ARRAY_TAGS = [
  'INDIVIDUAL',
  'ENTITY',
  'INDIVIDUAL_ALIAS',
  'ENTITY_ALIAS',
  'INDIVIDUAL_ADDRESS',
  'ENTITY_ADDRESS',
  'INDIVIDUAL_DATE_OF_BIRTH',
  'INDIVIDUAL_PLACE_OF_BIRTH',
  'NATIONALITY',
  'VALUE',
];

const NAME_PARTS = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'];

function draftOf(node: XmlNode, individual: boolean): EntryDraft {
  const prefix = individual ? 'INDIVIDUAL' : 'ENTITY';
  const draft = new EntryDraft(text(node, 'DATAID'), individual ? 'individual' : 'entity');
  // A few entities carry two names in FIRST_NAME ("CAGL ; GREAT LAKES BUSINESS COMPANY").
  for (const name of NAME_PARTS.map((tag) => text(node, tag))
    .join(' ')
    .split(' ; '))
    draft.addName(name);
  draft.addAlias(text(node, 'NAME_ORIGINAL_SCRIPT'));
  draft.addProgram(text(node, 'UN_LIST_TYPE'));
  for (const alias of children(node, `${prefix}_ALIAS`)) {
    draft.addAlias(text(alias, 'ALIAS_NAME'));
    draft.addBirthDate(text(alias, 'DATE_OF_BIRTH'));
  }
  for (const nationality of children(node, 'NATIONALITY')) {
    for (const value of texts(nationality, 'VALUE')) draft.addCountry(value);
  }
  for (const address of children(node, `${prefix}_ADDRESS`)) {
    draft.addCountry(text(address, 'COUNTRY'));
    draft.addCity(text(address, 'CITY'));
  }
  for (const place of children(node, 'INDIVIDUAL_PLACE_OF_BIRTH')) {
    draft.addCountry(text(place, 'COUNTRY'));
    draft.addCity(text(place, 'CITY'));
  }
  for (const dob of children(node, 'INDIVIDUAL_DATE_OF_BIRTH')) {
    draft.addBirthDate(text(dob, 'DATE'));
    draft.addBirthDate(text(dob, 'YEAR'));
    const from = text(dob, 'FROM_YEAR');
    const to = text(dob, 'TO_YEAR');
    if (from && to) draft.addBirthDate(`${from} to ${to}`);
    else draft.addBirthDate(from || to);
  }
  return draft;
}

export function parseUnXml(xml: string): ParsedSanctions {
  const root = children(parseXml(xml, ARRAY_TAGS), 'CONSOLIDATED_LIST')[0];
  const individuals = children(children(root, 'INDIVIDUALS')[0], 'INDIVIDUAL');
  const entities = children(children(root, 'ENTITIES')[0], 'ENTITY');
  const drafts = [
    ...individuals.map((node) => draftOf(node, true)),
    ...entities.map((node) => draftOf(node, false)),
  ];
  const generated = new Date(text(root, 'dateGenerated'));
  return finishDrafts(drafts, drafts.length, Number.isNaN(generated.getTime()) ? null : generated);
}

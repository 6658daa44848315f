// Academic and government email domains by rule: no list of institutions is loaded, but both
// sectors register under reserved labels (.edu, .ac.uk, .gov, .gouv.fr, .go.jp...).

/** Labels that mean "academic" when only country-code labels follow them (ac.uk, edu.au). */
const EDUCATION_LABELS = new Set(['edu', 'ac', 'sch']);
/** Labels that mean "government" when only country-code labels follow them (gov.uk, gouv.qc.ca). */
const GOVERNMENT_LABELS = new Set(['gov', 'govt', 'gouv', 'gob', 'gub', 'mil', 'go', 'lg']);

/** Government registrations that use no reserved label. */
const GOVERNMENT_SUFFIXES = [
  'gc.ca',
  'gv.at',
  'admin.ch',
  'bund.de',
  'europa.eu',
  'nic.in',
  'fed.us',
  'nhs.uk',
  'nhs.net',
  'police.uk',
  'parliament.uk',
  'mod.uk',
];

const COUNTRY_LABEL = /^[a-z]{2}$/;

function labelsOf(domain: string): string[] {
  return domain.toLowerCase().replace(/\.$/, '').split('.');
}

/** True when some label of `labels` is in `reserved` and one or two country-code labels follow it. */
function reservedBeforeCountry(labels: string[], reserved: ReadonlySet<string>): boolean {
  return labels.some((label, index) => {
    const rest = labels.slice(index + 1);
    return (
      reserved.has(label) && rest.length >= 1 && rest.length <= 2 && rest.every((l) => COUNTRY_LABEL.test(l))
    );
  });
}

export function isEducationDomain(domain: string): boolean {
  const labels = labelsOf(domain);
  const tld = labels.at(-1) ?? '';
  if (tld === 'edu') return true;
  // US school districts: k12.<state>.us.
  if (/(^|\.)k12\.[a-z]{2}\.us$/.test(labels.join('.'))) return true;
  if (reservedBeforeCountry(labels, EDUCATION_LABELS)) return true;
  // Universities named uni-x / univ-x under a country TLD (uni-heidelberg.de, univ-lyon1.fr).
  return COUNTRY_LABEL.test(tld) && labels.slice(0, -1).some((label) => /^univ?-/.test(label));
}

export function isGovernmentDomain(domain: string): boolean {
  const labels = labelsOf(domain);
  const tld = labels.at(-1) ?? '';
  // .int holds treaty organisations (who.int, nato.int): intergovernmental.
  if (tld === 'gov' || tld === 'mil' || tld === 'int') return true;
  // US state agencies: <agency>.state.<state>.us.
  if (/(^|\.)state\.[a-z]{2}\.us$/.test(labels.join('.'))) return true;
  if (reservedBeforeCountry(labels, GOVERNMENT_LABELS)) return true;
  const name = labels.join('.');
  return GOVERNMENT_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

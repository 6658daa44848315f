import { describe, expect, it } from 'vitest';
import { classifyEmailDomain } from '@/lib/engine/checks/email-domain';
import { isEducationDomain, isGovernmentDomain } from '@/lib/engine/checks/institution-domains';
import { looksRandom } from '@/lib/engine/checks/looks-random';
import { matchName, nameParts } from '@/lib/engine/checks/name-match';
import { name } from './support/normalized-request';

describe('looksRandom', () => {
  it.each(['a8f3k2', 'x7yq9z2', 'qzxwvtpl', 'xkcd', 'bcdfghjk', 'kxmvjqtw', '9f86d081884c7d65', 'zzqjx'])(
    'flags %s',
    (text) => expect(looksRandom(text)).toBe(true),
  );

  // Consonant clusters, rare letters and transliterations from real names must pass.
  it.each([
    'christopher',
    'hirschfeld',
    'schwarzkopf',
    'mcknight',
    'wojciechowski',
    'krzysztof',
    'przybylski',
    'lindqvist',
    'jacqueline',
    'vazquez',
    'iqbal',
    'rajkumar',
    'nxumalo',
    'tshabalala',
    'nguyen',
    'xiaoping',
    'bjorn',
    'john.smith',
    'jsmith',
    'jane1990',
    'sunshine',
  ])('passes %s', (text) => expect(looksRandom(text)).toBe(false));
});

describe('institution domains', () => {
  it.each([
    'mit.edu',
    'cs.stanford.edu',
    'ox.ac.uk',
    'u-tokyo.ac.jp',
    'unimelb.edu.au',
    'pku.edu.cn',
    'k12.ca.us',
    'lausd.k12.ca.us',
    'uni-heidelberg.de',
    'univ-lyon1.fr',
    'school.sch.uk',
  ])('%s is academic', (domain) => expect(isEducationDomain(domain)).toBe(true));

  it.each([
    'usa.gov',
    'army.mil',
    'cabinetoffice.gov.uk',
    'interieur.gouv.fr',
    'mof.go.jp',
    'sat.gob.mx',
    'cra-arc.gc.ca',
    'bmf.gv.at',
    'ec.europa.eu',
    'who.int',
    'dmv.state.ca.us',
    'dia.govt.nz',
    'revenu.gouv.qc.ca',
    'city.sapporo.lg.jp',
  ])('%s is government', (domain) => expect(isGovernmentDomain(domain)).toBe(true));

  it.each([
    'acme.com',
    'edu.example.com',
    'gov.example.com',
    'education.com',
    'gov.io.example.org',
    'go.com',
    'academy.co.uk',
  ])('%s is neither', (domain) => {
    expect(isEducationDomain(domain)).toBe(false);
    expect(isGovernmentDomain(domain)).toBe(false);
  });
});

describe('classifyEmailDomain', () => {
  it.each([
    ['mailinator.com', 'DISPOSABLE'],
    ['sub.mailinator.com', 'DISPOSABLE'],
    ['gmail.com', 'FREE'],
    ['protonmail.com', 'FREE'],
    ['nus.edu.sg', 'EDUCATION'],
    ['nasa.gov', 'GOVERNMENT'],
    ['acme.io', 'BUSINESS'],
  ])('%s is %s', (domain, expected) => expect(classifyEmailDomain(domain)).toBe(expected));
});

describe('name matching', () => {
  it('needs a given or family part of two letters', () => {
    expect(nameParts(null)).toBeNull();
    expect(nameParts(name('J', null))).toBeNull();
    expect(nameParts(name(null, null, 'Maria'))).toBeNull();
    expect(nameParts(name('Jo', null))).toEqual({ given: ['jo'], family: [], initials: [] });
  });

  it('folds accents and punctuation and joins multi-word names', () => {
    expect(nameParts(name('Zoë Anne', "O'Brien-Smith", 'Q'))).toEqual({
      given: ['zoe', 'anne', 'zoeanne'],
      family: ['obrien', 'smith', 'obriensmith'],
      initials: ['zo', 'zqo'],
    });
  });

  it('reports how the text matches', () => {
    const parts = nameParts(name('Jane', 'Doe', 'Maria'));
    if (parts === null) throw new Error('expected parts');
    expect(matchName('jane.x', parts)).toBe('given');
    expect(matchName('xdoe', parts)).toBe('family');
    expect(matchName('jd', parts)).toBe('initials');
    expect(matchName('jmd.1980', parts)).toBe('initials');
    expect(matchName('dj', parts)).toBeNull();
  });
});

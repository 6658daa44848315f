import { describe, expect, it } from 'vitest';
import { foldLookalikes } from '@/lib/engine/normalize/lookalikes';

describe('foldLookalikes', () => {
  it('folds Cyrillic and Greek letters that imitate ASCII', () => {
    expect(foldLookalikes('pаypal')).toBe('paypal'); // Cyrillic а
    expect(foldLookalikes('ѕmіth')).toBe('smith'); // Cyrillic ѕ and і
    expect(foldLookalikes('gοogle')).toBe('google'); // Greek ο
    expect(foldLookalikes('Νikos')).toBe('Nikos'); // Greek Ν
  });

  it('maps a lookalike to the letter it imitates, not a transliteration', () => {
    expect(foldLookalikes('bох')).toBe('box'); // Cyrillic о and х: x, never kh
  });

  it('keeps the case of upper-case lookalikes', () => {
    expect(foldLookalikes('Іvan')).toBe('Ivan'); // Cyrillic І
    expect(foldLookalikes('Ιvan')).toBe('Ivan'); // Greek Ι
    expect(foldLookalikes('Еmma')).toBe('Emma'); // Cyrillic Е
  });

  it('folds fullwidth and mathematical alphanumerics and ligatures (NFKC)', () => {
    expect(foldLookalikes('Ｊｏｈｎ')).toBe('John');
    expect(foldLookalikes('𝐉𝐨𝐡𝐧')).toBe('John');
    expect(foldLookalikes('𝔧𝔬𝔥𝔫')).toBe('john');
    expect(foldLookalikes('ﬁle')).toBe('file');
    expect(foldLookalikes('１２３')).toBe('123');
  });

  it('removes invisible characters that hide inside words', () => {
    expect(foldLookalikes('jo\u200bhn')).toBe('john');
    expect(foldLookalikes('jo\u00adhn')).toBe('john');
    expect(foldLookalikes('\ufeffjohn')).toBe('john');
  });

  it('leaves genuine words of other scripts as written', () => {
    expect(foldLookalikes('Москва')).toBe('Москва');
    expect(foldLookalikes('Иван Петров')).toBe('Иван Петров');
    expect(foldLookalikes('Αθηνά')).toBe('Αθηνά');
    expect(foldLookalikes('東京')).toBe('東京');
  });

  it('folds a lookalike word next to a genuine one', () => {
    expect(foldLookalikes('Jоhn Иванов')).toBe('John Иванов');
  });

  it('keeps Latin letters with diacritics, folding only the lookalikes among them', () => {
    expect(foldLookalikes('José Müller')).toBe('José Müller');
    expect(foldLookalikes('Jоsé')).toBe('José'); // Cyrillic о
    expect(foldLookalikes('Søren Łukasz')).toBe('Søren Łukasz');
  });

  it('never rewrites ASCII, even characters TR39 groups together', () => {
    expect(foldLookalikes('mom 0 O I l 1 rn')).toBe('mom 0 O I l 1 rn');
    expect(foldLookalikes('user+tag@example.com')).toBe('user+tag@example.com');
  });

  it('folds punctuation lookalikes', () => {
    expect(foldLookalikes('O’Brien')).toBe("O'Brien");
    expect(foldLookalikes('Smith‐Jones')).toBe('Smith-Jones'); // U+2010 hyphen
  });
});

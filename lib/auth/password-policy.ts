// Which new passwords the console accepts (issue 32), after NIST SP 800-63B: length and a
// strength estimate against dictionaries, breach lists and the user's own details; no
// composition rules (a digit and a symbol make "Password1!" no stronger), no periodic expiry.
// The estimate is zxcvbn-ts with its common and English dictionaries: a well-kept port of
// Dropbox's zxcvbn, the estimator the guideline's "blocklist" advice is usually met with.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-policy-limits';

/** zxcvbn's score 0..4; 3 is "safely unguessable: moderate protection from offline attacks". */
export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return estimator;
}

/** The user's details as an attacker would try them: whole, in parts, and with separators dropped. */
function contextWords(context: readonly string[]): string[] {
  const words = new Set<string>(['verity']);
  for (const item of context) {
    const lower = item.trim().toLowerCase();
    if (!lower) continue;
    const [local = lower, domain = ''] = lower.split('@');
    for (const part of [lower, local, domain, domain.replace(/\.[a-z]+$/, '')])
      if (part.length > 2) {
        words.add(part);
        words.add(part.replace(/[^\p{L}\p{N}]+/gu, ''));
      }
    for (const piece of lower.split(/[^\p{L}\p{N}]+/u)) if (piece.length > 2) words.add(piece);
  }
  return [...words];
}

export type PasswordVerdict = { ok: true; score: number } | { ok: false; message: string };

/**
 * Judges a new password. `context` holds what an attacker knows of the user (email, name,
 * workspace): a password built from them is weak whatever its length.
 */
export function judgePassword(password: string, context: readonly string[] = []): PasswordVerdict {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH)
    return {
      ok: false,
      message: `Use at least ${MIN_PASSWORD_LENGTH} characters; a few unrelated words make a strong one.`,
    };
  if (length > MAX_PASSWORD_LENGTH)
    return { ok: false, message: `Use at most ${MAX_PASSWORD_LENGTH} characters.` };
  const result = zxcvbn().check(password, contextWords(context));
  // zxcvbn multiplies the guesses of each part, so "janedoe-acme-bank" scores well for Jane Doe
  // of acme-bank.com; 800-63B asks to refuse context-specific words: refuse a password that is
  // mostly the user's details or the service's name.
  const personal = result.sequence
    .filter((match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs')
    .reduce((sum, match) => sum + match.token.length, 0);
  if (personal * 2 >= password.length)
    return {
      ok: false,
      message:
        'This password is mostly your name, email or this service’s name. Use words that have nothing to do with you.',
    };
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true, score: result.score };
  const why = result.feedback.warning;
  return {
    ok: false,
    message: `This password is easy to guess${why ? `: ${why.replace(/\.$/, '')}` : ''}. Add words that have nothing to do with you or this service.`,
  };
}

/** An ISO instant as a case file states it: `2026-07-01 12:00:00 UTC`, the same for every reader. */
export const formatUtc = (iso: string): string => `${iso.replace('T', ' ').slice(0, 19)} UTC`;

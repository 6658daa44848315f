const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `90s`, `15m`, `1h`, `7d` (or bare seconds) to seconds; null when malformed. */
export function parseDurationSeconds(text: string): number | null {
  const match = text.trim().match(/^(\d+(?:\.\d+)?)([smhd]?)$/);
  if (!match?.[1]) return null;
  return Math.round(Number(match[1]) * (UNITS[match[2] || 's'] ?? 1));
}

/** `10/s`, `600/m`, `5` (per second) to requests per second; null when malformed. */
export function parseRate(text: string): number | null {
  const match = text.trim().match(/^(\d+(?:\.\d+)?)(?:\/([smh]))?$/);
  if (!match?.[1]) return null;
  const per = UNITS[match[2] ?? 's'] ?? 1;
  const rate = Number(match[1]) / per;
  return rate > 0 ? rate : null;
}

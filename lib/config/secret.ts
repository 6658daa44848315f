import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { env } from './env';

let cached: string | undefined;

/**
 * The server secret: VERITY_SECRET, else a random one kept in DATA_DIR/secret (created on first
 * use). Every instance sharing a database must share it, so multi-instance setups set the env.
 */
export function serverSecret(): string {
  if (cached) return cached;
  const fromEnv = env().VERITY_SECRET;
  if (fromEnv) {
    cached = fromEnv;
    return cached;
  }
  const dir = path.resolve(env().DATA_DIR);
  const file = path.join(dir, 'secret');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // 'wx' fails if a concurrent process wrote it first; we then read theirs.
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch {}
  }
  cached = readFileSync(file, 'utf8').trim();
  return cached;
}

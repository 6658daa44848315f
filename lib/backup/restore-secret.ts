import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { secretFingerprint } from '@/lib/services/secret-guard';
import { type BackupManifest, SECRET_FILE } from './manifest';

export interface SecretTarget {
  backupDir: string;
  manifest: BackupManifest;
  /** VERITY_SECRET of the restoring environment, if set. */
  envSecret: string | undefined;
  /** DATA_DIR/secret of the target, where the server reads its secret when VERITY_SECRET is unset. */
  secretFile: string;
}

export type SecretOutcome =
  | { ok: true; secret: 'copied' | 'matched-env' | 'matched-file' | 'unrecorded' }
  | { ok: false; code: 'SECRET_MISMATCH' | 'SECRET_MISSING'; message: string };

const matches = (secret: string, fingerprint: string) => secretFingerprint(secret) === fingerprint;

/**
 * Makes sure the restored server will run with the secret the data was made under (the server
 * refuses any other, lib/services/secret-guard.ts): VERITY_SECRET or an existing DATA_DIR/secret
 * must match the backup's fingerprint; otherwise the backup's copy of the file is put in place.
 */
export async function placeSecret(target: SecretTarget): Promise<SecretOutcome> {
  const { fingerprint } = target.manifest.secret;
  const fromBackup = path.join(target.backupDir, SECRET_FILE);
  if (target.envSecret !== undefined) {
    if (fingerprint === null || matches(target.envSecret, fingerprint))
      return { ok: true, secret: 'matched-env' };
    return {
      ok: false,
      code: 'SECRET_MISMATCH',
      message:
        "VERITY_SECRET is not the secret of the backed-up server (its fingerprint differs from the manifest's)",
    };
  }
  if (existsSync(target.secretFile)) {
    const current = (await readFile(target.secretFile, 'utf8')).trim();
    if (fingerprint === null || matches(current, fingerprint)) return { ok: true, secret: 'matched-file' };
    return {
      ok: false,
      code: 'SECRET_MISMATCH',
      message: `${target.secretFile} holds another secret than the backed-up server's: restore into a fresh DATA_DIR`,
    };
  }
  if (existsSync(fromBackup)) {
    const saved = (await readFile(fromBackup, 'utf8')).trim();
    if (fingerprint !== null && !matches(saved, fingerprint)) {
      return {
        ok: false,
        code: 'SECRET_MISMATCH',
        message: `${fromBackup} does not match the manifest's fingerprint: the backup folder was altered`,
      };
    }
    await mkdir(path.dirname(target.secretFile), { recursive: true });
    await copyFile(fromBackup, target.secretFile);
    await chmod(target.secretFile, 0o600);
    return { ok: true, secret: 'copied' };
  }
  if (fingerprint === null) return { ok: true, secret: 'unrecorded' };
  return {
    ok: false,
    code: 'SECRET_MISSING',
    message:
      'the backup holds no copy of the server secret (it came from VERITY_SECRET): set VERITY_SECRET to the ' +
      'secret the backed-up server used, or write it to DATA_DIR/secret, and run the restore again',
  };
}

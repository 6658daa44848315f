import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productCpu } from '../../scripts/support/process-cpu';
import { waitFor } from '../support/poll';

// A stand-in postmaster: a shell run under the name `postgres` (its comm; node would not do, as
// Node 24 names its main thread), with the data directory on its command line. Its "backend"
// burns 300 ms of CPU (CPU time, not wall time: the machine may be busy), says so, and exits
// when the postmaster's stdin closes, as a backend does when the pool closes its connection.
const BACKEND = `
  while (process.cpuUsage().user + process.cpuUsage().system < 300_000) {}
  process.stdout.write('burned\\n');
  process.stdin.on('end', () => process.exit(0)).resume();
`;
const POSTMASTER = `"$NODE" -e "$BACKEND"; echo 'backend exited'; while :; do sleep 1; done`;

describe('productCpu', () => {
  it('keeps the CPU of a database backend that exited (a bench window never reads negative)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'verity-cpu-'));
    const binary = path.join(dir, 'postgres');
    symlinkSync('/bin/sh', binary);
    const dataDir = path.join(dir, 'data-marker');
    const postmaster = spawn(binary, ['-c', POSTMASTER, 'postgres', dataDir], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, NODE: process.execPath, BACKEND },
    });
    let output = '';
    postmaster.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    try {
      await waitFor(() => output.includes('burned'), 30_000);
      // The live backend's CPU shows among the postmaster's children (ticks of 10 ms).
      const during = productCpu(-1, dataDir).database;
      expect(during).toBeGreaterThanOrEqual(290);
      postmaster.stdin.end();
      await waitFor(() => output.includes('backend exited'), 30_000);
      expect(productCpu(-1, dataDir).database).toBeGreaterThanOrEqual(during);
    } finally {
      postmaster.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

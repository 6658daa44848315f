import { spawn } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productCpu } from '../../scripts/support/process-cpu';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A stand-in postmaster: node run under the name `postgres` (its comm), with the data directory
// on its command line, forking a "backend" that burns CPU and exits, as an idle pool
// connection's backend does when the pool closes it.
const POSTMASTER = `
  const { spawn } = require('node:child_process');
  const backend = spawn(process.execPath, ['-e', 'const end = Date.now() + 600; while (Date.now() < end) {}'],
    { stdio: 'ignore' });
  backend.on('exit', () => process.stdout.write('backend exited\\n'));
  setInterval(() => {}, 1000);
`;

describe('productCpu', () => {
  it('keeps the CPU of a database backend that exited (a bench window never reads negative)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'verity-cpu-'));
    const binary = path.join(dir, 'postgres');
    symlinkSync(process.execPath, binary);
    const dataDir = path.join(dir, 'data-marker');
    const postmaster = spawn(binary, ['-e', POSTMASTER, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      let exited = false;
      postmaster.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('backend exited')) exited = true;
      });
      // While the backend burns, its CPU shows among the live processes.
      await sleep(400);
      const during = productCpu(-1, dataDir).database;
      expect(during).toBeGreaterThan(100);
      for (let i = 0; i < 100 && !exited; i++) await sleep(50);
      expect(exited).toBe(true);
      const after = productCpu(-1, dataDir).database;
      expect(after).toBeGreaterThanOrEqual(during);
    } finally {
      postmaster.kill();
    }
  });
});

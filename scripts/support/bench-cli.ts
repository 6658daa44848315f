// The benchmarks run the documented CLIs (keys, seed) against the launched server's database.
import { spawnSync } from 'node:child_process';
import { MAX_RATE_LIMIT_PER_SEC } from '@/lib/contract/console/rate-limit';

/**
 * Runs `scripts/<script>` with the launched server's DATA_DIR and database variables (its
 * LaunchedServer.cliEnv); throws with the tail of stderr when it fails.
 */
export function runCli(script: string, args: string[], cliEnv: Record<string, string>) {
  const ran = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', `scripts/${script}`, ...args], {
    env: { ...process.env, ...cliEnv },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (ran.status !== 0) throw new Error(`${script} ${args[0] ?? ''} failed: ${ran.stderr.slice(-2000)}`);
  return ran;
}

/**
 * A key of the demo workspace (its data, as the demo key) whose own rate is far above what the
 * bench can send: the bench measures the service, not the limiter's 429s.
 */
export function benchKey(cliEnv: Record<string, string>): string {
  const created = runCli(
    'keys.ts',
    [
      'create',
      '--workspace',
      'demo',
      '--scopes',
      'verify,signals,ingest',
      '--name',
      'bench',
      '--rate-limit',
      `${MAX_RATE_LIMIT_PER_SEC}/s`,
    ],
    cliEnv,
  );
  return (JSON.parse(created.stdout) as { key: string }).key;
}

/**
 * Turns sharing on for a seeded workspace the bench reads from another one (new workspaces do not
 * share), and waits out the servers' one-second cache of who shares: the reads measured are those
 * of a full view of the graph.
 */
export async function shareWorkspace(cliEnv: Record<string, string>, workspace: string): Promise<void> {
  runCli('keys.ts', ['workspace-share', '--workspace', workspace, '--share', 'on'], cliEnv);
  await new Promise((resolve) => setTimeout(resolve, 1100));
}

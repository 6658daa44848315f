// Next.js calls register() once when a server process starts. The work itself is Node.js only
// (lib/runtime/server-start.ts), imported here only in that runtime so the Edge build of this
// file stays free of Node.js APIs.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  (await import('@/lib/runtime/server-start')).startServerProcess();
}

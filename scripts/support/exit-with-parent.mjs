// Preloaded into the Next.js server (`node --import`) by scripts/start.ts: if the launcher dies
// without stopping it (SIGKILL to its PID alone), the server is reparented; it then stops as on
// SIGTERM, so it neither holds the port nor serves without a supervised database. A client that
// keeps a keep-alive connection busy would hold a draining server open, so the orphan gets the
// launcher's own drain bound (6 s) and then exits.
const launcher = process.ppid;
const DRAIN_MS = 6000;

const watcher = setInterval(() => {
  if (process.ppid === launcher) return;
  clearInterval(watcher);
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(0), DRAIN_MS).unref();
}, 1000);
watcher.unref();

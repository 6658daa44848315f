// Preloaded into the Next.js server (`node --import`) by scripts/start.ts: if the launcher dies
// without stopping it (SIGKILL to its PID alone), the server is reparented; it then stops as on
// SIGTERM, so it neither holds the port nor serves without a supervised database.
const launcher = process.ppid;

setInterval(() => {
  if (process.ppid !== launcher) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();

import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number, payload?: Record<string, string | number>): void;
  stop(): void;
}

/**
 * A progress bar on stderr (stdout stays for the machine-readable result). Without a TTY, a plain
 * line every few seconds, so CI logs and pipes stay readable.
 */
export function progress(label: string, total: number, unit: string): Progress {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} |{bar}| {percentage}% | {value}/{total} ${unit} | {rate}/s | ETA {eta_formatted} {note}`,
        stream: process.stderr,
        hideCursor: true,
        etaBuffer: 50,
      },
      cliProgress.Presets.shades_classic,
    );
    const started = Date.now();
    bar.start(total, 0, { rate: '0', note: '' });
    return {
      update: (done, payload = {}) => {
        const seconds = Math.max(0.001, (Date.now() - started) / 1000);
        bar.update(Math.min(done, total), {
          rate: Math.round(done / seconds).toLocaleString('en'),
          note: '',
          ...payload,
        });
      },
      stop: () => bar.stop(),
    };
  }
  const started = Date.now();
  let last = 0;
  const line = (done: number, payload: Record<string, string | number>) => {
    const seconds = Math.max(0.001, (Date.now() - started) / 1000);
    const pct = total > 0 ? Math.floor((100 * done) / total) : 100;
    const extra = Object.entries(payload)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    process.stderr.write(
      `${label}: ${pct}% (${done.toLocaleString('en')}/${total.toLocaleString('en')} ${unit}, ${Math.round(done / seconds).toLocaleString('en')}/s${extra ? `, ${extra}` : ''})\n`,
    );
  };
  return {
    update: (done, payload = {}) => {
      if (Date.now() - last < 2000 && done < total) return;
      last = Date.now();
      line(done, payload);
    },
    stop: () => undefined,
  };
}

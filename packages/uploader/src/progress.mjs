// Progress on the terminal: one line redrawn on stderr when it is a terminal; plain log lines on stdout.

export function createProgress(stream = process.stderr) {
  const tty = Boolean(stream.isTTY);
  let total = 0;
  let done = 0;
  const clear = () => tty && stream.write('\r\x1b[K');
  return {
    addTotal: (n) => (total += n),
    /** A file's bytes moved from `before` to `now`. */
    advance: (delta) => (done += delta),
    draw(label) {
      if (!tty) return;
      const pct = total ? Math.floor((done / total) * 100) : 100;
      const bar = '#'.repeat(Math.round((pct / 100) * 30)).padEnd(30, ' ');
      const line = `[${bar}] ${String(pct).padStart(3)}% ${(done / 1e6).toFixed(1)}/${(total / 1e6).toFixed(1)} MB ${label}`;
      stream.write(`\r${line.slice(0, (stream.columns || 100) - 1)}`);
    },
    log(line) {
      clear();
      console.log(line);
    },
    end: () => tty && stream.write('\n'),
  };
}

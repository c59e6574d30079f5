/**
 * Seed progress output: a line per phase, and for long steps either a redrawn bar (terminal) or a
 * plain line every 10% (logs, pipes). `write` receives complete lines ending in "\n", or on a
 * terminal also "\r" redraws.
 */
export interface Progress {
  phase(title: string): void;
  step(label: string, done: number, total: number): void;
  line(text: string): void;
}

const BAR_WIDTH = 30;

export function createProgress(write: (text: string) => void, tty: boolean): Progress {
  let lastShown = -1;
  let barOpen = false;
  const closeBar = () => {
    if (barOpen) write("\n");
    barOpen = false;
    lastShown = -1;
  };
  return {
    phase(title) {
      closeBar();
      write(`▶ ${title}\n`);
    },
    step(label, done, total) {
      const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
      if (tty) {
        if (percent === lastShown && done !== total) return;
        const filled = Math.round((percent / 100) * BAR_WIDTH);
        write(`\r  ${label} [${"█".repeat(filled)}${"░".repeat(BAR_WIDTH - filled)}] ${String(percent).padStart(3)}% ${done}/${total}`);
        barOpen = true;
        if (done === total) closeBar();
        lastShown = percent;
        return;
      }
      const decile = Math.floor(percent / 10);
      if (decile === lastShown && done !== total) return;
      if (done === total && lastShown === 10) return;
      write(`  ${label} ${percent}% (${done}/${total})\n`);
      lastShown = decile;
    },
    line(text) {
      closeBar();
      write(`${text}\n`);
    },
  };
}

/**
 * Runs costly work a few at a time, each piece started only after the I/O already waiting has been
 * read: a start goes through setImmediate, which Node runs after the poll phase, so the requests
 * that arrived meanwhile are served (cheap answers, mostly) before the next piece begins. For work
 * that would otherwise crowd out everything else on the one thread (a flash sale's checkouts).
 * Pieces must not wait on other pieces of the same lane.
 */
export class Lane {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;

  constructor(private readonly atOnce: number) {
    if (!Number.isInteger(atOnce) || atOnce < 1) throw new Error(`a lane runs at least one piece at once: ${atOnce}`);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.startSoon();
    });
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.startSoon();
    }
  }

  /** Pieces waiting for their turn (not yet started). */
  get queued(): number {
    return this.waiting.length;
  }

  private startSoon(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.running < this.atOnce && this.waiting.length > 0) {
        this.running += 1;
        this.waiting.shift()!();
      }
    });
  }
}

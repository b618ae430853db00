/** Work being done now, so a graceful shutdown can stop taking more and wait for what was started. */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();
  private closedAt: number | undefined;

  /** True once draining began: no new work should start. */
  get closed(): boolean {
    return this.closedAt !== undefined;
  }

  get size(): number {
    return this.running.size;
  }

  /** Runs `work` and remembers it until it settles. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    void work.finally(() => this.running.delete(work)).catch(() => undefined);
    return work;
  }

  /** Refuses new work and waits for the running work, at most `ms`; true when all of it finished. */
  async drain(ms: number): Promise<boolean> {
    this.closedAt ??= Date.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => {
        resolve(false);
      }, ms);
    });
    const finished = Promise.allSettled([...this.running]).then(() => true as const);
    const result = await Promise.race([finished, timeout]);
    clearTimeout(timer);
    return result;
  }
}

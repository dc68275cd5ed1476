/**
 * The order files start in, planned for the machine: on two cores `npm test` is bound by CPU,
 * yet half its files spend most of their time waiting (on Redis, timers, child processes,
 * sockets). Longest first put those together in the middle of a run, where both cores idled for
 * tens of seconds, and the files that use the CPU together at the start, where they queued for
 * it. This plans the run instead: it plays the pool (`workers` files at a time on `cores` cores,
 * a file's CPU share slowed while the files running ask for more CPU than there is) and, each time
 * a worker frees, starts the file with the most CPU left to do while the cores have some to
 * spare, else the one with the most waiting; so the cores stay busy, and the long files start
 * early either way. Pure: test/support/schedule.test.ts holds it to that.
 */

/** What a file cost in an earlier run: its wall seconds and the CPU seconds it used (its children's included). */
export interface FileCost {
  wall: number;
  cpu: number;
}

/** `files` in the order to start them, by `cost` (a file without one keeps its place, after the others). */
export function plan<T>(files: readonly T[], cost: (file: T) => FileCost | undefined, workers: number, cores: number): T[] {
  const known = files.flatMap((file) => {
    const c = cost(file);
    // Demand in cores, bounded: a figure of next to no wall would ask for endless CPU.
    return c && c.wall > 0 ? [{ file, wall: c.wall, cpu: Math.max(0, c.cpu), demand: Math.min(Math.max(0, c.cpu) / c.wall, 64) }] : [];
  });
  const unknown = files.filter((file) => !known.some((k) => k.file === file));
  const waiting = [...known];
  const running: { demand: number; left: number }[] = [];
  const order: T[] = [];
  while (waiting.length > 0) {
    while (running.length < Math.max(1, workers) && waiting.length > 0) {
      const busy = running.reduce((sum, r) => sum + r.demand, 0);
      // Cores to spare: the most CPU; none: the most waiting (wall less CPU). Ties: the longer.
      const score = busy < cores ? (k: (typeof known)[number]) => k.cpu : (k: (typeof known)[number]) => k.wall - k.cpu;
      let best = 0;
      for (let i = 1; i < waiting.length; i++) {
        const a = waiting[i]!;
        const b = waiting[best]!;
        if (score(a) > score(b) || (score(a) === score(b) && a.wall > b.wall)) best = i;
      }
      const next = waiting.splice(best, 1)[0]!;
      order.push(next.file);
      running.push({ demand: next.demand, left: next.wall });
    }
    // On to the next file to end. While the files running ask for more CPU than there is, each
    // one's CPU share takes that much longer; its waiting does not.
    const busy = running.reduce((sum, r) => sum + r.demand, 0);
    const short = Math.max(1, busy / cores);
    const slowness = (r: { demand: number }) => 1 + Math.min(1, r.demand) * (short - 1);
    const step = Math.min(...running.map((r) => r.left * slowness(r)));
    for (const r of running) r.left -= step / slowness(r);
    for (let i = running.length - 1; i >= 0; i--) if (running[i]!.left <= 1e-6) running.splice(i, 1);
  }
  return [...order, ...unknown];
}

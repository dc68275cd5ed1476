/**
 * The order files start in, planned for the machine: on two cores `npm test` is bound by CPU,
 * yet half its files spend most of their time waiting (on Redis, timers, child processes,
 * sockets). Longest first put those together in the middle of a run, where both cores idled
 * for tens of seconds while the files that compute had all run, queued for the CPU, at the
 * start. So the files that compute and the files that wait are two queues, each longest
 * first, taken in turn in proportion to their wall time: at every point of the run, as much
 * of one is started as of the other, the long files of each early, the short ones of both
 * last. Pure: test/schedule.test.ts holds it to that.
 */

/** What a file cost in an earlier run: its wall seconds and the CPU seconds it used (its children's included). */
export interface FileCost {
  wall: number;
  cpu: number;
}

/** A file that used less of a core than this over its run mostly waits. */
export const WAITS_BELOW = 0.35;

/** `files` in the order to start them, by `cost` (a file without one keeps its place, after the others). */
export function plan<T>(files: readonly T[], cost: (file: T) => FileCost | undefined): T[] {
  const known = files.flatMap((file) => {
    const c = cost(file);
    return c && c.wall > 0 ? [{ file, wall: c.wall, waits: c.cpu / c.wall < WAITS_BELOW }] : [];
  });
  const unknown = files.filter((file) => !known.some((k) => k.file === file));
  const longestFirst = (kind: boolean) => known.filter((k) => k.waits === kind).sort((a, b) => b.wall - a.wall);
  const queues = [longestFirst(false), longestFirst(true)] as const;
  const totals = queues.map((q) => q.reduce((sum, k) => sum + k.wall, 0));
  const started = [0, 0];
  const order: T[] = [];
  while (queues[0].length + queues[1].length > 0) {
    // The queue that is behind in its share of its own wall time goes next.
    const share = (i: 0 | 1) => (queues[i].length === 0 ? Number.POSITIVE_INFINITY : started[i]! / totals[i]!);
    const i = share(0) <= share(1) ? 0 : 1;
    const next = queues[i].shift()!;
    started[i]! += next.wall;
    order.push(next.file);
  }
  return [...order, ...unknown];
}

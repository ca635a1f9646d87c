import fs from 'node:fs';

/** Clock ticks per second of /proc's times: 100 on Linux everywhere this runs. */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time (user and system) another process has used so far, in milliseconds, from
 * /proc/<pid>/stat. On a machine other work loads, a request's wall time is mostly waiting for a
 * core; the CPU time the server spent on it is what the code costs.
 */
export function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

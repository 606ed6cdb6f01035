// CPU time of a process's descendants (Linux /proc), in seconds: what the browser this process launched
// spent on a measurement, however many other jobs share the machine. Elsewhere it reads NaN.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ; 100 on Linux). */
const ticksPerSecond = 100;

interface ProcessTimes {
  parent: number;
  ticks: number;
}

function readTimes(pid: number): ProcessTimes | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (2nd field) may hold spaces: the fields after it start after its closing paren.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state(3) ppid(4) … utime(14) stime(15) cutime(16) cstime(17), counted from 3.
    return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]) };
  } catch {
    return null;
  }
}

/**
 * CPU seconds of the descendants of `root` so far (children that were reaped count through their
 * parent's cutime/cstime); `root`'s own time is left out.
 */
export function descendantsCpuSeconds(root: number): number {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return Number.NaN;
  }
  const all = new Map<number, ProcessTimes>();
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const times = readTimes(pid);
    if (times) all.set(pid, times);
  }
  const inTree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, times] of all)
      if (!inTree.has(pid) && inTree.has(times.parent)) {
        inTree.add(pid);
        grew = true;
      }
  }
  let ticks = 0;
  for (const pid of inTree) if (pid !== root) ticks += all.get(pid)?.ticks ?? 0;
  return ticks / ticksPerSecond;
}

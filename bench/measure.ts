/**
 * What both benches measure with (bench/pages.ts and bench/server.ts): medians and percentiles,
 * and the CPU time of the shop's processes from /proc (utime + stime in clock ticks).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
export const percentile = (values: readonly number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
export const round = (value: number, digits = 2) => Number(value.toFixed(digits));

type ProcInfo = { pid: number; ppid: number; ticks: number; cmd: string };

function readProcesses(): Map<number, ProcInfo> {
  const processes = new Map<number, ProcInfo>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command (which may hold spaces and parentheses): state ppid … utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0+/g, ' ').trim();
      processes.set(Number(name), { pid: Number(name), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), cmd });
    } catch {
      // the process ended while we looked
    }
  }
  return processes;
}

/** The process that listens on the TCP port (from /proc/net/tcp{,6} and each process's fds). */
function listeningPid(port: number): number | undefined {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== '0A') continue; // 0A = LISTEN
      if (parseInt(cols[1]!.split(':')[1]!, 16) === port) inodes.add(cols[9]!);
    }
  }
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${name}/fd`);
    } catch {
      continue; // not ours or gone
    }
    for (const fd of fds) {
      let link: string;
      try {
        link = fs.readlinkSync(`/proc/${name}/fd/${fd}`);
      } catch {
        continue; // closed while we looked: a busy server opens and closes files all the time
      }
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode && inodes.has(inode)) return Number(name);
    }
  }
  return undefined;
}

/**
 * The shop's server processes: the one listening on the port, climbed up to `scripts/start.mjs`
 * (which `npm start` runs), and everything below it, so that a worker Next may fork is counted.
 */
export function serverProcesses(port: number): { rootPid: number; listenerPid: number; pids: () => number[]; describe: string[] } {
  const listenerPid = listeningPid(port);
  if (!listenerPid) throw new Error(`no process listens on port ${port}`);
  const processes = readProcesses();
  let rootPid = listenerPid;
  for (let p = processes.get(listenerPid); p && processes.has(p.ppid); p = processes.get(p.ppid)) {
    if (p.cmd.includes('scripts/start.mjs')) {
      rootPid = p.pid;
      break;
    }
  }
  const descendants = (all: Map<number, ProcInfo>) => {
    const pids = [rootPid];
    for (let i = 0; i < pids.length; i++) for (const p of all.values()) if (p.ppid === pids[i]) pids.push(p.pid);
    return pids;
  };
  return {
    rootPid,
    listenerPid,
    pids: () => descendants(readProcesses()),
    describe: descendants(processes).map((pid) => `${pid}${pid === listenerPid ? ' (listens)' : ''}: ${processes.get(pid)?.cmd.slice(0, 80)}`),
  };
}

/** A process and everything below it, as it is when called (bench/render.ts knows the pid it started). */
export function processTree(rootPid: number): number[] {
  const all = readProcesses();
  const pids = [rootPid];
  for (let i = 0; i < pids.length; i++) for (const p of all.values()) if (p.ppid === pids[i]) pids.push(p.pid);
  return pids;
}

export function cpuTicks(pids: readonly number[]): number {
  const processes = readProcesses();
  return pids.reduce((sum, pid) => sum + (processes.get(pid)?.ticks ?? 0), 0);
}

export const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

import { readdirSync, readFileSync } from "node:fs";

// CPU time spent by the processes of a bench: this process (the load generator), the database
// server's process and the workerd processes it spawned. Linux /proc only.

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  cpuMs: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // comm is in parentheses and may hold spaces: the fields after the last ')' are fixed.
    const close = text.lastIndexOf(")");
    const comm = text.slice(text.indexOf("(") + 1, close);
    const fields = text.slice(close + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
    return { pid, ppid: Number(fields[1]), comm, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return null; // gone, or not Linux
  }
}

/** Every process on the machine (none when /proc cannot be read). */
function allProcesses(): ProcStat[] {
  try {
    return readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map((name) => readStat(Number(name)))
      .filter((s): s is ProcStat => s !== null);
  } catch {
    return [];
  }
}

/** A process and those descending from it, among `all`. */
function tree(all: ProcStat[], root: number): ProcStat[] {
  const pids = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of all)
      if (!pids.has(s.pid) && pids.has(s.ppid)) {
        pids.add(s.pid);
        grew = true;
      }
  }
  return all.filter((s) => pids.has(s.pid));
}

const cpuMsOf = (processes: ProcStat[]) => processes.reduce((sum, s) => sum + s.cpuMs, 0);

/**
 * A process's CPU milliseconds to the nanosecond: the time on a CPU of each of its threads
 * (/proc/<pid>/task/<tid>/schedstat), where /proc/<pid>/stat counts in ticks of 10 ms (a slice of 200
 * health checks is a dozen ticks). Threads that have ended are not counted: for a process whose
 * threads last (workerd's), or null when it cannot be read.
 */
function preciseCpuMs(pid: number): number | null {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`))
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    return Number.isFinite(ns) ? ns / 1e6 : null;
  } catch {
    return null;
  }
}

const workerdCpu = (s: ProcStat) => preciseCpuMs(s.pid) ?? s.cpuMs;

export interface CpuSample {
  benchMs: number;
  workerdMs: number;
  dbMs: number;
}

/** `dbPid`: the database server's process, when it has its own. */
export function cpuSample(dbPid?: number): CpuSample {
  const own = process.cpuUsage();
  const all = allProcesses();
  return {
    benchMs: (own.user + own.system) / 1000,
    workerdMs: tree(all, process.pid)
      .filter((s) => s.comm.startsWith("workerd"))
      .reduce((sum, s) => sum + workerdCpu(s), 0),
    dbMs: dbPid === undefined ? 0 : cpuMsOf(tree(all, dbPid)),
  };
}

/** CPU milliseconds per request between two samples, per side. */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): { bench: string; workerd: string; db: string } {
  const per = (key: keyof CpuSample) => ((after[key] - before[key]) / requests).toFixed(2);
  return { bench: per("benchMs"), workerd: per("workerdMs"), db: per("dbMs") };
}

/** The workerd processes descending from this one (each Miniflare the bench starts spawns its own). */
export function workerdPids(): number[] {
  return tree(allProcesses(), process.pid)
    .filter((s) => s.comm.startsWith("workerd"))
    .map((s) => s.pid);
}

/** CPU milliseconds spent so far by these processes (those gone count as nothing). */
export function workerdCpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + (preciseCpuMs(pid) ?? readStat(pid)?.cpuMs ?? 0), 0);
}

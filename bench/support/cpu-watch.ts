/**
 * Where the machine's CPU went during a benchmark phase: CPU time (user + system, from
 * `/proc/<pid>/stat`) of groups of processes — the server nodes, the simulator's process group, the
 * PostgreSQL backends — and of the whole machine (`/proc/stat`), so a run can say whether the server,
 * the load generator or the database used the cores. Processes are scanned every `everyMs`; one that
 * exits between two scans loses at most that much of its time, one born during the phase counts from
 * its start.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** /proc counts CPU time in clock ticks of 10 ms (USER_HZ 100 on Linux). */
const TICK_MS = 10;

interface ProcStat {
  pid: number;
  comm: string;
  pgrp: number;
  ticks: number;
}

/** A group of processes: by pid, by process group, or by command name. */
export interface CpuGroup {
  name: string;
  pids?: readonly number[];
  processGroups?: readonly number[];
  comm?: string;
}

export interface CpuShare {
  name: string;
  /** CPU time used in the phase, ms. */
  cpuMs: number;
  /** Average cores busy over the phase (1 = one core all the time). */
  cores: number;
}

export interface CpuFigures {
  wallMs: number;
  groups: CpuShare[];
  /** The whole machine: cores busy on average, and the cores there are. */
  machineCores: number;
  coresAvailable: number;
}

function readProc(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    // Fields after the command name: state is the 1st, pgrp the 3rd, utime the 12th, stime the 13th.
    const fields = text.slice(close + 2).split(' ');
    return {
      pid,
      comm,
      pgrp: Number(fields[2]),
      ticks: Number(fields[11] ?? 0) + Number(fields[12] ?? 0),
    };
  } catch {
    return null;
  }
}

function allProcs(): ProcStat[] {
  const out: ProcStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProc(Number(name));
    if (stat) out.push(stat);
  }
  return out;
}

/** Busy clock ticks of the whole machine so far (every state but idle and iowait). */
function machineBusyTicks(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, ...values] = line.trim().split(/\s+/);
  const n = values.map(Number);
  const total = n.reduce((sum, v) => sum + v, 0);
  return total - (n[3] ?? 0) - (n[4] ?? 0);
}

function inGroup(group: CpuGroup, proc: ProcStat): boolean {
  return (
    (group.pids?.includes(proc.pid) ?? false) ||
    (group.processGroups?.includes(proc.pgrp) ?? false) ||
    (group.comm !== undefined && proc.comm === group.comm)
  );
}

/** Starts watching `groups`; `stop()` returns each group's CPU time over the phase. */
export function startCpuWatch(groups: readonly CpuGroup[], everyMs = 500): { stop(): CpuFigures } {
  const started = performance.now();
  const machineStart = machineBusyTicks();
  // Per group, per pid: ticks when first seen (0 for a process born during the phase) and last seen.
  const first = groups.map(() => new Map<number, number>());
  const last = groups.map(() => new Map<number, number>());
  const scan = (initial: boolean) => {
    for (const proc of allProcs()) {
      groups.forEach((group, i) => {
        if (!inGroup(group, proc)) return;
        if (!first[i]?.has(proc.pid)) first[i]?.set(proc.pid, initial ? proc.ticks : 0);
        last[i]?.set(proc.pid, proc.ticks);
      });
    }
  };
  scan(true);
  const timer = setInterval(() => scan(false), everyMs);
  return {
    stop() {
      clearInterval(timer);
      scan(false);
      const wallMs = performance.now() - started;
      const machineMs = (machineBusyTicks() - machineStart) * TICK_MS;
      return {
        wallMs,
        groups: groups.map((group, i) => {
          let ticks = 0;
          for (const [pid, end] of last[i] ?? []) ticks += end - (first[i]?.get(pid) ?? 0);
          const cpuMs = ticks * TICK_MS;
          return { name: group.name, cpuMs, cores: wallMs > 0 ? cpuMs / wallMs : 0 };
        }),
        machineCores: wallMs > 0 ? machineMs / wallMs : 0,
        coresAvailable: availableParallelism(),
      };
    },
  };
}

/** "server 1.21 cores, postgres 0.55, simulator 0.30 — machine 1.98 of 2". */
export function cpuLine(figures: CpuFigures): string {
  const parts = figures.groups.map((g) => `${g.name} ${g.cores.toFixed(2)}`);
  return `${parts.join(', ')} — machine ${figures.machineCores.toFixed(2)} of ${figures.coresAvailable} cores`;
}

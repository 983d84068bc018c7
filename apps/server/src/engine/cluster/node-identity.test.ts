// Whether the node carrying a run out is gone (runnerGone): the rule every node applies to the
// heartbeats before it takes a run over. Pure: heartbeats and process checks are given.
import { describe, expect, it } from 'vitest';

import { type Liveness, type NodeBeat, runnerGone } from './node-identity';

const NOW = 1_800_000_000_000;
const self = {
  id: 'host-a:200:self',
  host: 'host-a',
  pid: 200,
  startedAt: NOW - 10_000,
  processStartedAt: NOW - 12_000,
};
const beat = (node: string, host: string, pid: number, startedAt: number, lastSeen: number): NodeBeat => ({
  node,
  host,
  pid,
  startedAt,
  lastSeen,
});

function liveness(beats: NodeBeat[], alive: number[] = []): Liveness {
  return {
    self,
    beats: new Map(beats.map((b) => [b.node, b])),
    now: NOW,
    staleAfterMs: 15_000,
    processAlive: (pid) => alive.includes(pid),
  };
}

describe('runnerGone', () => {
  it('never takes this node’s own runs, and takes runs with no runner or a runner without heartbeat', () => {
    const l = liveness([]);
    expect(runnerGone(self.id, l)).toBe(false);
    expect(runnerGone(null, l)).toBe(true);
    expect(runnerGone('host-b:1:stopped', l)).toBe(true);
  });

  it('judges a node on another host by its heartbeat alone', () => {
    const l = liveness([
      beat('host-b:1:fresh', 'host-b', 1, NOW - 60_000, NOW - 14_000),
      beat('host-b:2:stale', 'host-b', 2, NOW - 60_000, NOW - 16_000),
    ]);
    expect(runnerGone('host-b:1:fresh', l)).toBe(false);
    expect(runnerGone('host-b:2:stale', l)).toBe(true);
  });

  it('takes over at once from an earlier incarnation on this host whose process is gone', () => {
    const l = liveness(
      [
        beat('host-a:150:earlier', 'host-a', 150, NOW - 60_000, NOW - 1_000),
        beat('host-a:151:sibling', 'host-a', 151, NOW - 60_000, NOW - 1_000),
      ],
      [151],
    );
    expect(runnerGone('host-a:150:earlier', l)).toBe(true);
    // Another live server process on the same host: only its heartbeat can say it is gone.
    expect(runnerGone('host-a:151:sibling', l)).toBe(false);
  });

  it('tells a restarted container (same pid) from another app of this same process', () => {
    const l = liveness([
      beat('host-a:200:before', 'host-a', 200, NOW - 60_000, NOW - 1_000),
      beat('host-a:200:beside', 'host-a', 200, NOW - 11_000, NOW - 1_000),
    ]);
    expect(runnerGone('host-a:200:before', l)).toBe(true);
    expect(runnerGone('host-a:200:beside', l)).toBe(false);
  });
});

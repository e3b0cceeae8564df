// Where a server's CPU went, from a V8 CPU profile (node --cpu-prof): self time by part of
// the request's path (decision 040), over a window of the profile.
import fs from 'node:fs';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

/** The part of the path a function belongs to, by its name and file. */
function partOf({ functionName: name, url }: ProfileNode['callFrame']): string {
  if (name === '(idle)') return 'idle';
  if (name === '(garbage collector)') return 'garbage collection';
  if (name === '(program)') return 'V8 (program)';
  if (name === 'writev' || name === 'writeBuffer' || name === 'writeUtf8String')
    return 'socket writes (syscall)';
  if (/node:(net|stream|internal\/stream)|stream_base_commons|writable|readable/.test(url))
    return 'Node streams and sockets';
  if (/_http_|node:http/.test(url) || /HttpToken|InvalidHeaderChar|\\x20-\\x7e/.test(name))
    return 'Node HTTP (parsing, header checks)';
  if (/pino|sonic-boom|fast-redact|redact/.test(url)) return 'logging (pino)';
  if (/fastify|find-my-way|avvio|light-my-request|fast-json-stringify/.test(url))
    return 'Fastify (routing, hooks, reply)';
  if (/main\.mjs|\/src\/server\//.test(url)) return 'the app (hooks, routes, cache)';
  if (/task_queues|timers|node:events|microtask/i.test(url + name))
    return 'Node event loop (ticks, timers, events)';
  return 'other';
}

/**
 * Self time per part, as a share of the busy (non-idle) time, for the samples between
 * `fromMs` and `toMs` after the profile started (all of it when not given).
 */
export function summariseProfile(file: string, fromMs = 0, toMs = Infinity) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parts = new Map<string, number>();
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at / 1000 < fromMs || at / 1000 > toMs) continue;
    const part = partOf(nodes.get(profile.samples[i]!)!.callFrame);
    parts.set(part, (parts.get(part) ?? 0) + delta);
  }
  const idle = parts.get('idle') ?? 0;
  parts.delete('idle');
  const busy = [...parts.values()].reduce((sum, t) => sum + t, 0);
  return {
    busyMs: Math.round(busy / 1000),
    idleMs: Math.round(idle / 1000),
    parts: [...parts]
      .sort((a, b) => b[1] - a[1])
      .map(([part, t]) => ({ part, 'share of busy': `${((t / busy) * 100).toFixed(1)} %` })),
  };
}

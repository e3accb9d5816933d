import { writeFileSync } from "node:fs";

// BENCH_PROFILE=dir: a CPU profile of workerd (the Worker and its Durable Objects) over each measured
// run, through the V8 inspector workerd opens, written as dir/<row>.cpuprofile (Chrome DevTools opens
// it), with the functions that took the most time printed under the row.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Connects to the inspector at `origin` (http://host:port) and starts sampling; the result stops it. */
export async function startProfile(origin: string): Promise<() => Promise<Profile>> {
  const targets = (await (await fetch(`${origin}/json/list`)).json()) as { webSocketDebuggerUrl: string; title?: string; id?: string }[];
  const target = targets.find((t) => /comptoir/.test(`${t.title} ${t.id} ${t.webSocketDebuggerUrl}`)) ?? targets[0];
  if (!target) throw new Error("no inspector target");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      pending.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: Number(process.env.BENCH_PROFILE_INTERVAL_US ?? 100) });
  await send("Profiler.start");
  return async () => {
    const { profile } = (await send("Profiler.stop")) as { profile: Profile };
    socket.close();
    return profile;
  };
}

const frameKey = (f: CallFrame) => `${f.functionName || "(anonymous)"} ${f.url.split("/").slice(-2).join("/")}:${f.lineNumber + 1}`;

/** Writes the profile and returns its heaviest functions, by self time and by time including callees. */
export function summarizeProfile(profile: Profile, file: string, top = 25): string {
  writeFileSync(file, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n.id;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((nodeId, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    let node = byId.get(nodeId);
    if (!node) return;
    if (node.callFrame.functionName === "(idle)") return;
    all += dt;
    self.set(frameKey(node.callFrame), (self.get(frameKey(node.callFrame)) ?? 0) + dt);
    const seen = new Set<string>();
    for (; node; node = node.parent === undefined ? undefined : byId.get(node.parent)) {
      const key = frameKey(node.callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + dt);
    }
  });
  const list = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `    ${((100 * us) / all).toFixed(1).padStart(5)} %  ${k}`)
      .join("\n");
  return `  profile ${file}: ${(all / 1000).toFixed(0)} ms busy\n  self:\n${list(self)}\n  with callees:\n${list(total)}`;
}

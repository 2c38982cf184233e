// Rate samples of one node for the chart: seeded from /history, extended by each /state poll.

export const KEEP_MS = 10 * 60 * 1000;

/** Samples merged by time (a newer sample for the same instant wins), sorted, trimmed to keepMs. */
export function mergeSamples(existing, incoming, keepMs = KEEP_MS) {
  const byTime = new Map();
  for (const s of existing) byTime.set(s.t, s);
  for (const s of incoming) byTime.set(s.t, s);
  const all = [...byTime.values()].sort((a, b) => a.t - b.t);
  if (!all.length) return all;
  const cutoff = all[all.length - 1].t - keepMs;
  const first = all.findIndex((s) => s.t >= cutoff);
  return first <= 0 ? all : all.slice(first);
}

/** The sample a /state answer gives for one node, or null when the node is not in it. */
export function sampleFromState(state, id) {
  // time 0 = no counter reading yet (e.g. the switch is disconnected): nothing to plot.
  if (!state || !state.time || !Array.isArray(state.nodes)) return null;
  const n = state.nodes.find((x) => x.id === id);
  if (!n) return null;
  return { t: state.time, measuredBps: n.measuredBps ?? null, targetBps: n.targetBps ?? null, dropBps: n.dropBps ?? null };
}

/** A "nice" axis maximum (1, 2, 2.5 or 5 times a power of ten) at or above max. */
export function niceMax(max) {
  if (!(max > 0) || !Number.isFinite(max)) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const f of [1, 2, 2.5, 5, 10]) if (f * p >= max) return f * p;
  return 10 * p;
}

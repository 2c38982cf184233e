// The run-time parameters (GET/PUT /parameters) as the page's form strings, and back. Pure:
// unit-tested under Node; the server checks the values.

export const NUMBERS = [
  ['pollingPeriodSeconds', 'Polling period (s)', 'how often switch counters are read; 0.1 .. 3600, or with a unit: 500ms'],
  ['idleTimeoutSeconds', 'Idle timeout (s)', 'a node silent this long goes inactive'],
  ['leafLifetimeSeconds', 'Joined-leaf lifetime (s)', 'a joined node silent this long is pruned'],
  ['joinRatePerSecond', 'Joins per second per switch', 'packet-in joins handled per second'],
  ['joinBurst', 'Join burst', 'token bucket depth for joins'],
  ['maxTreeNodes', 'Max nodes per tree', 'joins beyond this are refused at the edge'],
  ['responsiveHoldSeconds', 'Responsive hold (s)', 'in-switch: a node dropped this recently keeps its share (holds TCP at it); default 2, 0 = off, up to 60'],
];

/** The parameters as the form's strings. */
export function paramFields(p) {
  const est = p.rateEstimator || { kind: 'ewma' };
  const out = {
    kind: est.kind,
    estimatorSeconds: String(est.kind === 'window' ? est.windowSeconds ?? '' : est.kSeconds ?? ''),
    mode: p.mode || 'auto',
  };
  for (const [k] of NUMBERS) out[k] = p[k] === undefined || p[k] === null ? '' : String(p[k]);
  return out;
}

/** The PUT body for the form's strings: numbers where they read as numbers, strings with units otherwise. */
export function paramBody(f) {
  const num = (t) => (/^\s*[0-9]*\.?[0-9]+(e[-+]?\d+)?\s*$/i.test(t) ? Number(t) : t.trim());
  // An EWMA without K is the default: K derived from each port's capacity (GET shows it so too).
  const derived = f.kind !== 'window' && f.estimatorSeconds.trim() === '';
  const body = {
    rateEstimator: derived ? { kind: f.kind }
      : { kind: f.kind, [f.kind === 'window' ? 'windowSeconds' : 'kSeconds']: num(f.estimatorSeconds) },
    mode: f.mode,
  };
  for (const [k] of NUMBERS) if (f[k].trim() !== '') body[k] = num(f[k]);
  return body;
}


// Small hooks shared by the views: polling, debouncing, the URL hash as the page's address.
import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * Calls fn now and then every `ms` while `enabled`; never overlaps two calls. Re-subscribes when a
 * dependency changes. `kick` (any changing value) forces an immediate call, e.g. a Retry button.
 */
export function usePoll(fn, ms, deps, enabled = true) {
  const fnRef = useRef(fn);
  fnRef.current = fn;
  useEffect(() => {
    if (!enabled) return undefined;
    let stopped = false;
    let timer = null;
    const tick = async () => {
      try {
        await fnRef.current();
      } catch (e) {
        // the callback reports its own errors; polling goes on
      }
      if (!stopped) timer = setTimeout(tick, ms);
    };
    tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [...deps, enabled, ms]);
}

/** value, delayed until it has not changed for `ms`. */
export function useDebounced(value, ms) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** Reads the selection (device, port, node) from the URL hash: #device=...&port=...&node=... */
export function readHash() {
  const p = new URLSearchParams(location.hash.replace(/^#/, ''));
  const port = p.get('port');
  return { device: p.get('device'), port: port === null ? null : Number(port), node: p.get('node') };
}

export function writeHash({ device, port, node }) {
  const p = new URLSearchParams();
  if (device) p.set('device', device);
  if (port !== null && port !== undefined) p.set('port', String(port));
  if (node) p.set('node', node);
  const next = `#${p.toString()}`;
  if (location.hash !== next) history.replaceState(null, '', next);
}

// Every edit is checked by the server's admission control (POST /preview) while it is typed; the
// Apply button is enabled only for a draft whose preview came back ok. A draft is the request's
// {edit} (a change to the stored tree) or {tree} (a whole proposed tree).
import { useEffect, useRef, useState } from 'preact/hooks';
import { useDebounced } from './hooks.js';
import { violationsByNode } from '../lib/tree.js';

/** onProblems (optional) hears the violations by node, or null, so the tree can mark those rows. */
export function usePreview(api, device, port, draft, onProblems) {
  const debounced = useDebounced(draft, 250);
  const [result, setResult] = useState({ status: 'idle' });
  const seq = useRef(0);
  useEffect(() => {
    if (!debounced) {
      setResult({ status: 'idle' });
      return;
    }
    const mine = ++seq.current;
    const edited = debounced.edit ? (debounced.edit.id ?? (debounced.edit.node && debounced.edit.node.id) ?? null) : null;
    setResult({ status: 'checking', draft: debounced });
    api.preview(device, port, debounced).then((answer) => {
      if (mine !== seq.current) return;
      const adm = answer.admission || { ok: false, violations: [] };
      setResult({
        status: adm.ok ? 'ok' : 'refused',
        draft: debounced,
        violations: adm.violations || [],
        byNode: violationsByNode(adm.violations || [], debounced.tree, edited),
        allocation: answer.allocation || null,
        changes: answer.changes || [],
      });
    }, (error) => {
      if (mine !== seq.current) return;
      // A request error (bad units, unknown field) is an answer about the draft too.
      const violations = (error.details || []).map((d) => ({ node: d.node ?? null, pointer: d.pointer, message: d.message }));
      setResult({
        status: error.unreachable || error.unauthorized ? 'error' : 'refused',
        draft: debounced,
        error,
        violations,
        byNode: violationsByNode(violations, debounced.tree, edited),
      });
    });
  }, [debounced]);
  useEffect(() => {
    if (onProblems) onProblems(result.status === 'refused' ? result.byNode : null);
  }, [result]);
  useEffect(() => () => onProblems && onProblems(null), []);
  // A result belongs to the draft it was asked for; anything newer is still being checked.
  if (draft && result.draft !== draft) return { status: 'checking' };
  return result;
}

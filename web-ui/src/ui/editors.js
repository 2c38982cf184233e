// The four edits an operator makes on a node: add a child, edit, move, delete the subtree. Each
// form describes its change as a preview edit (the contract's {"op": ...}), has the server check
// it against the stored tree on every change, and applies only a draft the preview found ok.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { Field, Check, PreviewStatus, fieldErrors } from './fields.js';
import { usePreview } from './preview.js';
import { parseRate } from '../lib/rates.js';
import { keyOfNode, moveTargets, subtree } from '../lib/tree.js';

function rateError(text, { required = false, allowUnlimited = false } = {}) {
  if (text.trim() === '') return required ? ['required (e.g. 250M or 1.5G)'] : [];
  try {
    parseRate(text, { allowUnlimited });
    return [];
  } catch (e) {
    return [e.message];
  }
}

function weightError(text) {
  if (text.trim() === '') return [];
  const w = Number(text);
  return Number.isFinite(w) && w > 0 ? [] : [`"${text}": the weight must be a number > 0`];
}

/** key and mask members of a node document; empty inputs leave them out (match all / exact). */
function keyMembers(value, mask) {
  return { key: value.trim() || undefined, mask: value.trim() && mask.trim() ? mask.trim() : undefined };
}

function rateText(raw, textField, bpsField) {
  if (raw[textField] !== undefined && raw[textField] !== null) return String(raw[textField]);
  if (typeof raw[bpsField] === 'number') return String(raw[bpsField]);
  return '';
}

/** Field values of a config-format node as editable strings. */
function fieldsOf(raw) {
  return {
    guaranteed: rateText(raw, 'guaranteed', 'guaranteedBps'),
    weight: raw.weight === undefined || raw.weight === null ? '' : String(raw.weight),
    peak: rateText(raw, 'peak', 'peakBps'),
    keyValue: keyOfNode(raw) ? keyOfNode(raw).value : '',
    keyMask: keyOfNode(raw) && keyOfNode(raw).mask ? keyOfNode(raw).mask : '',
    pinned: Boolean(raw.pinned),
    template: Boolean(raw.template),
  };
}

function localErrors(f) {
  return {
    guaranteed: rateError(f.guaranteed),
    weight: weightError(f.weight),
    peak: rateError(f.peak, { allowUnlimited: true }),
  };
}

function hasErrors(errs) {
  return Object.values(errs).some((l) => l.length > 0);
}

/** The level a node at `depth` (1 = under the port) matches on, or null when the tree has none. */
function levelAt(tree, depth) {
  return (tree.levels || [])[depth - 1] || null;
}

function keyHint(level) {
  if (!level || !level.field) return 'hex, or IPv4 / CIDR';
  const { offset, length } = level.field;
  return `level "${level.name}": ${length} bits at bit ${offset}; hex${length === 32 ? ', IPv4 or CIDR' : ''}`;
}

function keyPlaceholder(level) {
  const bits = level && level.field ? level.field.length : 16;
  if (bits === 32) return 'e.g. 10.1.0.1 or 10.1.0.0/16';
  return `e.g. 0x${'0a01'.padEnd(Math.ceil(bits / 8) * 2, '0').slice(0, Math.ceil(bits / 8) * 2)}`;
}

function NodeFields({ prefix, f, set, errs, preview, nodeId, level, mode, eff }) {
  const both = (field, local) => [...local, ...fieldErrors(preview, nodeId, field)];
  // In the HTB-like mode the guarantee is an assured rate and the peak a ceiling, weights share the excess.
  const htb = mode === 'guarantee-excess';
  const implied = (configured, text) => (eff && !configured ? ` (now ${text})` : '');
  return html`
    <div class="field-row">
      <${Field} id=${`${prefix}-guaranteed`} label=${htb ? 'Assured rate' : 'Guaranteed rate'} value=${f.guaranteed} placeholder="e.g. 500M"
                hint=${htb ? `always available to it; empty = 0${implied(eff && eff.guaranteedConfigured, eff && eff.guaranteed)}`
                  : `e.g. 100k, 250M, 1.5G; empty = implied by the weight${implied(eff && eff.guaranteedConfigured, eff && eff.guaranteed)}`}
                errors=${both('guaranteed', errs.guaranteed)} onInput=${(v) => set({ ...f, guaranteed: v })} />
      <${Field} id=${`${prefix}-weight`} label=${htb ? 'Weight for the excess' : 'Weight'} value=${f.weight} placeholder="e.g. 1"
                hint=${htb ? '> 0; empty = 1; shares what is left after the assured rates' : '> 0; empty = from the guarantee'}
                errors=${both('weight', errs.weight)} onInput=${(v) => set({ ...f, weight: v })} />
      <${Field} id=${`${prefix}-peak`} label=${htb ? 'Ceiling' : 'Peak rate'} value=${f.peak} placeholder="unlimited"
                hint=${htb ? 'never more than this; empty = unlimited' : 'empty = unlimited'}
                errors=${both('peak', errs.peak)} onInput=${(v) => set({ ...f, peak: v })} />
    </div>
    <div class="field-row">
      <${Field} id=${`${prefix}-key`} label="Match value" value=${f.keyValue} placeholder=${keyPlaceholder(level)}
                hint=${keyHint(level)}
                errors=${fieldErrors(preview, nodeId, 'key')} onInput=${(v) => set({ ...f, keyValue: v })} />
      <${Field} id=${`${prefix}-mask`} label="Match mask" value=${f.keyMask} placeholder="all ones"
                hint="hex; empty = exact match" errors=${fieldErrors(preview, nodeId, 'mask')} onInput=${(v) => set({ ...f, keyMask: v })} />
    </div>
    <div class="field-row">
      <${Check} id=${`${prefix}-pinned`} label="pinned (never pruned)" checked=${f.pinned} onChange=${(v) => set({ ...f, pinned: v })} />
      <${Check} id=${`${prefix}-template`} label="template for joining nodes" checked=${f.template} onChange=${(v) => set({ ...f, template: v })} />
    </div>`;
}

function ApplyBar({ preview, local, busy, label, onApply, danger = false }) {
  const can = !local && preview.status === 'ok' && !busy;
  return html`
    <div class="apply-bar">
      <${PreviewStatus} preview=${preview} localErrors=${local} ownId=${preview.ownId} />
      <button type="submit" class=${danger ? 'danger' : 'primary'} disabled=${!can}
              onClick=${(e) => { e.preventDefault(); if (can) onApply(); }}>${busy ? 'Applying…' : label}</button>
    </div>`;
}

export function AddForm({ api, device, port, tree, index, parent, onApply, busy, onProblems }) {
  const level = levelAt(tree, parent ? (index.depth.get(parent) || 0) + 1 : 1);
  const [id, setId] = useState('');
  const [f, setF] = useState(fieldsOf({}));
  const errs = localErrors(f);
  const idErr = id.trim() === '' ? [] : (tree.nodes.some((n) => n.id === id.trim()) ? [`"${id.trim()}" already exists on this port`] : []);
  const local = hasErrors(errs) || idErr.length > 0 || id.trim() === '';
  const doc = useMemo(() => ({
    id: id.trim(),
    parent: parent ?? undefined,
    ...keyMembers(f.keyValue, f.keyMask),
    guaranteed: f.guaranteed.trim() || undefined,
    weight: f.weight.trim() ? Number(f.weight) : undefined,
    peak: f.peak.trim() || undefined,
    pinned: f.pinned || undefined,
    template: f.template || undefined,
  }), [id, f, parent]);
  const draft = useMemo(() => (local ? null : { edit: { op: 'add', node: doc } }), [local, doc]);
  const preview = { ...usePreview(api, device, port, draft, onProblems), ownId: doc.id };
  return html`
    <form class="editor" aria-label="add a node" onSubmit=${(e) => e.preventDefault()}>
      <h3>Add a node under ${parent ? html`<code>${parent}</code>` : `port ${port}`}</h3>
      <div class="field-row">
        <${Field} id="add-id" label="Name (id)" value=${id} required placeholder="e.g. lab"
                  errors=${[...idErr, ...fieldErrors(preview, doc.id, 'id')]} onInput=${setId} />
      </div>
      ${level ? null : html`<div class="verdict verdict-bad">⚠ The tree has no level ${parent ? (index.depth.get(parent) || 0) + 1 : 1}: a node here needs one more level (${(tree.levels || []).length} defined).</div>`}
      <${NodeFields} prefix="add" f=${f} set=${setF} errs=${errs} preview=${preview} nodeId=${doc.id} level=${level} mode=${tree.mode} />
      <${ApplyBar} preview=${preview} local=${local && id.trim() !== ''} busy=${busy} label="Add node"
                   onApply=${() => onApply({ kind: 'add', doc, done: () => { setId(''); setF(fieldsOf({})); } })} />
    </form>`;
}

export function EditForm({ api, device, port, tree, index, raw, onApply, busy, onProblems, effective }) {
  const level = levelAt(tree, index.depth.get(raw.id) || 1);
  const initial = useMemo(() => fieldsOf(raw), [raw]);
  const [f, setF] = useState(initial);
  // An untouched form follows the node when the tree is reloaded; a form being edited keeps
  // what the operator typed (a stale write then gets the server's 409).
  const shown = useRef(initial);
  const applied = useRef(false);
  useEffect(() => {
    const follow = applied.current;
    applied.current = false;
    setF((cur) => (follow || JSON.stringify(cur) === JSON.stringify(shown.current) ? initial : cur));
    shown.current = initial;
  }, [initial]);
  const errs = localErrors(f);
  const local = hasErrors(errs);
  // Only changed fields go into the PATCH; a cleared field is sent as null (back to its default).
  const patch = useMemo(() => {
    const p = {};
    if (f.guaranteed !== initial.guaranteed) p.guaranteed = f.guaranteed.trim() || null;
    if (f.weight !== initial.weight) p.weight = f.weight.trim() ? Number(f.weight) : null;
    if (f.peak !== initial.peak) p.peak = f.peak.trim() || null;
    if (f.keyValue !== initial.keyValue || f.keyMask !== initial.keyMask) {
      const k = keyMembers(f.keyValue, f.keyMask);
      p.key = k.key ?? null;
      p.mask = k.mask ?? null;
    }
    if (f.pinned !== initial.pinned) p.pinned = f.pinned;
    if (f.template !== initial.template) p.template = f.template;
    return p;
  }, [f, initial]);
  const changed = Object.keys(patch).length > 0;
  const draft = useMemo(() => (local || !changed ? null : { edit: { op: 'update', id: raw.id, changes: patch } }),
    [local, changed, patch, raw.id]);
  const preview = { ...usePreview(api, device, port, draft, onProblems), ownId: raw.id };
  return html`
    <form class="editor" aria-label="edit node" onSubmit=${(e) => e.preventDefault()}>
      <h3>Edit <code>${raw.id}</code></h3>
      <${NodeFields} prefix="edit" f=${f} set=${setF} errs=${errs} preview=${preview} nodeId=${raw.id} level=${level} mode=${tree.mode}
                   eff=${effective && effective.get(raw.id)} />
      <div class="apply-row">
        <${ApplyBar} preview=${preview} local=${local} busy=${busy} label="Apply changes"
                     onApply=${() => onApply({ kind: 'update', id: raw.id, patch, done: () => { applied.current = true; } })} />
        <button type="button" disabled=${!changed} onClick=${() => setF(initial)}>Revert</button>
      </div>
    </form>`;
}

export function MoveForm({ api, device, port, tree, index, raw, onApply, busy, onProblems }) {
  const targets = useMemo(() => moveTargets(index, raw.id), [index, raw.id]);
  const [to, setTo] = useState('');
  const parent = to === '' ? undefined : (to === '\u0000root' ? null : to);
  const draft = useMemo(() => (parent === undefined ? null : { edit: { op: 'move', id: raw.id, parent } }), [raw.id, parent]);
  const preview = { ...usePreview(api, device, port, draft, onProblems), ownId: raw.id };
  return html`
    <form class="editor" aria-label="move node" onSubmit=${(e) => e.preventDefault()}>
      <h3>Move <code>${raw.id}</code> (with its ${subtree(index, raw.id).length - 1} descendants)</h3>
      <div class="field">
        <label for="move-to">Move to</label>
        <select id="move-to" value=${to} onChange=${(e) => setTo(e.currentTarget.value)}>
          <option value="">choose a new parent…</option>
          ${targets.map((t) => html`<option value=${t === null ? '\u0000root' : t}>${t === null ? `port ${port} (top level)` : t}</option>`)}
        </select>
      </div>
      <${ApplyBar} preview=${preview} local=${false} busy=${busy} label="Move"
                   onApply=${() => onApply({ kind: 'move', id: raw.id, parent, done: () => setTo('') })} />
    </form>`;
}

export function DeleteForm({ api, device, port, tree, index, raw, onApply, busy, onProblems }) {
  const [armed, setArmed] = useState(false);
  const count = subtree(index, raw.id).length;
  const draft = useMemo(() => (armed ? { edit: { op: 'delete', id: raw.id } } : null), [armed, raw.id]);
  const preview = { ...usePreview(api, device, port, draft, onProblems), ownId: raw.id };
  return html`
    <form class="editor" aria-label="delete node" onSubmit=${(e) => e.preventDefault()}>
      <h3>Delete <code>${raw.id}</code></h3>
      <${Check} id="delete-confirm" checked=${armed} onChange=${setArmed}
                label=${`yes, delete "${raw.id}"${count > 1 ? ` and its ${count - 1} descendants` : ''}`} />
      <${ApplyBar} preview=${preview} local=${false} busy=${busy} danger label=${count > 1 ? `Delete ${count} nodes` : 'Delete node'}
                   onApply=${() => onApply({ kind: 'delete', id: raw.id, count })} />
    </form>`;
}

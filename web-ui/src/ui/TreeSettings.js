// The tree as a whole: its settings (capacity, headroom, sharing mode, levels with their join
// templates, traffic selector) edited like a node — previewed by the server while typed, applied
// as one PUT of the tree with its ETag, taken back by Undo — and the deletion of the tree.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { Field, Check, PreviewStatus, fieldErrors } from './fields.js';
import { usePreview } from './preview.js';
import { parseRate } from '../lib/rates.js';
import { parseSelector } from '../lib/selector.js';
import { MODES, formatLevels, parseLevels, withSettings } from '../lib/settings.js';

/** The settings of a tree as the form's strings. */
export function settingsFields(tree) {
  const sel = tree.selector || null;
  const key = sel ? (typeof sel.key === 'object' && sel.key !== null ? sel.key.value : sel.key) : '';
  const mask = sel ? (typeof sel.key === 'object' && sel.key !== null ? sel.key.mask : sel.mask) : null;
  return {
    capacity: String(tree.capacity ?? ''),
    eta: String(tree.eta ?? 0.95),
    mode: tree.mode || 'weighted',
    levels: formatLevels(tree.levels),
    selField: sel ? `${sel.field.offset} ${sel.field.length}` : '',
    selValue: sel ? `${key}${mask ? `/${mask}` : ''}` : '',
  };
}

/** Local checks of the settings strings: {errs by field, settings (or null when any is bad)}. */
export function readSettings(f) {
  const errs = { capacity: [], eta: [], levels: [], selField: [], selValue: [] };
  try { parseRate(f.capacity); } catch (e) { errs.capacity.push(e.message); }
  const eta = Number(f.eta);
  if (!(f.eta.trim() !== '' && eta > 0 && eta <= 1)) errs.eta.push(`"${f.eta}": the headroom is a factor in (0, 1], e.g. 0.95`);
  let levels = null;
  try { levels = parseLevels(f.levels); } catch (e) { errs.levels.push(e.message); }
  let selector = null;
  try { selector = parseSelector(f.selField, f.selValue); } catch (e) { errs[e.input === 'field' ? 'selField' : 'selValue'].push(e.message); }
  const bad = Object.values(errs).some((l) => l.length);
  return { errs, settings: bad ? null : { capacity: f.capacity.trim(), eta, mode: f.mode, levels, selector } };
}

/** The form's rows shared by "create a tree" and "tree settings". */
export function SettingsFields({ prefix, f, set, errs, preview, capacityHint }) {
  const server = (field) => fieldErrors(preview, '', field);
  return html`
    <div class="field-row">
      <${Field} id=${`${prefix}-capacity`} label="Port capacity" value=${f.capacity} hint=${capacityHint || 'line rate, e.g. 100M or 10G'}
                errors=${[...errs.capacity, ...server('capacity')]} onInput=${(v) => set({ ...f, capacity: v })} />
      <${Field} id=${`${prefix}-headroom`} label="Headroom (eta)" value=${f.eta}
                hint="share of the capacity to allocate, e.g. 0.95 (5 % kept free for bursts and control traffic)"
                errors=${[...errs.eta, ...server('eta')]} onInput=${(v) => set({ ...f, eta: v })} />
    </div>
    <div class="field">
      <label for=${`${prefix}-mode`}>How classes share the port</label>
      <select id=${`${prefix}-mode`} value=${f.mode} aria-describedby=${`${prefix}-mode-msg`}
              onChange=${(e) => set({ ...f, mode: e.currentTarget.value })}>
        ${MODES.map((m) => html`<option value=${m.value}>${m.label}</option>`)}
      </select>
      <div id=${`${prefix}-mode-msg`} class="field-msg hint">${f.mode === 'guarantee-excess'
        ? 'Each class gets its assured rate first, never more than its ceiling; what is left is shared by weight. Adding a class never moves another class\'s assured rate.'
        : 'Guarantees and weights are proportional among siblings: a class without a guarantee gets one implied by its weight, so adding a class can lower its siblings\' implied guarantees.'}</div>
    </div>
    <div class=${`field${errs.levels.length ? ' field-bad' : ''}`}>
      <label for=${`${prefix}-levels`}>Levels below the port, one per line: name, field offset and length in bits, then an optional join template</label>
      <textarea id=${`${prefix}-levels`} rows="3" value=${f.levels} aria-describedby=${`${prefix}-levels-msg`}
                aria-invalid=${errs.levels.length ? 'true' : 'false'} onInput=${(e) => set({ ...f, levels: e.currentTarget.value })}></textarea>
      <div id=${`${prefix}-levels-msg`} class="field-msg" aria-live="polite">
        ${errs.levels.length ? errs.levels.map((m) => html`<div class="error-text">⚠ ${m}</div>`)
          : html`<div class="hint">IPv4 destination = offset 240, length 32. Join template for nodes created by traffic: e.g. <code>user 240 32 weight=1 peak=10M idleTimeout=30s</code></div>`}
      </div>
    </div>
    <fieldset class="selector">
      <legend>Traffic selector (optional)</legend>
      <p class="hint">Which traffic leaves by this port, when the switch has several trees. Without one the tree
        takes what no other tree selects; a switch can have one such tree, and all its selectors use one field.</p>
      <div class="field-row">
        <${Field} id=${`${prefix}-selector-field`} label="Field: offset length (bits)" value=${f.selField} placeholder="240 32"
                  hint="IPv4 destination = 240 32, destination MAC = 0 48" errors=${errs.selField} onInput=${(v) => set({ ...f, selField: v })} />
        <${Field} id=${`${prefix}-selector-value`} label="Value[/mask]" value=${f.selValue} placeholder="10.9.0.0/16"
                  hint="e.g. 10.9.0.0/16, or 0x0a09/0xffff with a hex mask"
                  errors=${[...errs.selValue, ...selectorErrors(preview.violations)]} onInput=${(v) => set({ ...f, selValue: v })} />
      </div>
    </fieldset>`;
}

/** Messages about the tree's selector (a violation on field "selector", or under /tree/selector). */
export function selectorErrors(violations) {
  return (violations || []).filter((v) => v.field === 'selector' || /(^|\/)selector(\/|$)/.test(v.pointer || ''))
    .map((v) => v.message);
}

export function TreeSettings({ api, device, port, tree, onApply, onDeleteTree, busy, onProblems }) {
  const initial = useMemo(() => settingsFields(tree), [tree]);
  const [f, setF] = useState(initial);
  // As the node form: an untouched form follows the reloaded tree, one being edited keeps its text.
  const shown = useRef(initial);
  const applied = useRef(false);
  useEffect(() => {
    const follow = applied.current;
    applied.current = false;
    setF((cur) => (follow || JSON.stringify(cur) === JSON.stringify(shown.current) ? initial : cur));
    shown.current = initial;
  }, [initial]);
  const { errs, settings } = readSettings(f);
  const changed = JSON.stringify(f) !== JSON.stringify(initial);
  const draft = useMemo(() => (settings && changed ? { tree: withSettings(tree, settings) } : null), [JSON.stringify(settings), changed, tree]);
  const preview = usePreview(api, device, port, draft, onProblems);
  const local = settings === null;
  const can = changed && !local && preview.status === 'ok' && !busy;
  const [armed, setArmed] = useState(false);
  return html`
    <section class="tree-settings" aria-labelledby="settings-title">
      <h2 id="settings-title" tabindex="-1">Tree of port ${port}: settings</h2>
      <form class="editor" aria-label="tree settings" onSubmit=${(e) => e.preventDefault()}>
        <div class="apply-bar">
          <${PreviewStatus} preview=${preview} localErrors=${local} />
          <button type="submit" class="primary" id="settings-apply" disabled=${!can}
                  onClick=${(e) => { e.preventDefault(); if (can) onApply({ kind: 'settings', tree: draft.tree, done: () => { applied.current = true; } }); }}>${busy ? 'Applying…' : 'Apply settings'}</button>
          <button type="button" disabled=${!changed} onClick=${() => setF(initial)}>Revert</button>
        </div>
        <${SettingsFields} prefix="settings" f=${f} set=${setF} errs=${errs} preview=${preview} />
      </form>
      <form class="editor danger-zone" aria-label="delete the tree" onSubmit=${(e) => e.preventDefault()}>
        <h3>Delete the tree</h3>
        <${Check} id="tree-delete-confirm" checked=${armed} onChange=${setArmed}
                  label=${`yes, delete the tree of port ${port} with its ${tree.nodes.length} nodes (the switch stops shaping this port)`} />
        <button type="submit" class="danger" disabled=${!armed || busy}
                onClick=${(e) => { e.preventDefault(); if (armed) onDeleteTree(); }}>Delete tree</button>
      </form>
    </section>`;
}

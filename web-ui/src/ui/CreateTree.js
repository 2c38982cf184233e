// The empty state of a port without a tree: create one (capacity, headroom, levels, and the
// traffic selector a switch with several trees needs) in place.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { html } from './html.js';
import { Field, PreviewStatus, fieldErrors } from './fields.js';
import { usePreview } from './preview.js';
import { parseRate } from '../lib/rates.js';
import { parseSelector } from '../lib/selector.js';

const DEFAULT_LEVELS = 'subnet 240 16\nuser 240 32';

/** "name offset length" per line → level objects; throws with the line number on a bad line. */
export function parseLevels(text) {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0) throw new Error('at least one level is needed');
  return lines.map((line, i) => {
    const parts = line.split(/\s+/);
    const [name, offset, length] = parts;
    if (parts.length !== 3 || !/^\d+$/.test(offset) || !/^\d+$/.test(length) || Number(length) === 0) {
      throw new Error(`line ${i + 1} "${line}": expected "name offset length" in bits, e.g. "subnet 240 16"`);
    }
    return { name, field: { offset: Number(offset), length: Number(length) } };
  });
}

export function CreateTree({ api, device, port, portInfo, onApply, busy, onProblems }) {
  const [capacity, setCapacity] = useState('10G');
  const [headroom, setHeadroom] = useState('0.95');
  const [levels, setLevels] = useState(DEFAULT_LEVELS);
  const [selField, setSelField] = useState('');
  const [selValue, setSelValue] = useState('');
  // The server's refusal of the last Create: the device-wide selector rules are checked on apply.
  const [refusal, setRefusal] = useState(null);
  const errs = { capacity: [], headroom: [], levels: [], selField: [], selValue: [] };
  try { parseRate(capacity); } catch (e) { errs.capacity.push(e.message); }
  const h = Number(headroom);
  if (!(h > 0 && h <= 1)) errs.headroom.push(`"${headroom}": the headroom is a factor in (0, 1], e.g. 0.95`);
  let parsedLevels = null;
  try { parsedLevels = parseLevels(levels); } catch (e) { errs.levels.push(e.message); }
  let selector = null;
  try { selector = parseSelector(selField, selValue); } catch (e) { errs[e.input === 'field' ? 'selField' : 'selValue'].push(e.message); }
  const local = Object.values(errs).some((l) => l.length);
  const draft = useMemo(() => (local ? null : {
    tree: { device, port, capacity: capacity.trim(), eta: h, levels: parsedLevels, ...(selector ? { selector } : {}), nodes: [] },
  }), [local, device, port, capacity, h, levels, selField, selValue]);
  useEffect(() => setRefusal(null), [draft]);
  const preview = usePreview(api, device, port, draft, onProblems);
  const can = !local && preview.status === 'ok' && !busy && !refusal;
  const selectorMsgs = [...selectorErrors(preview.violations), ...(refusal ? selectorErrors(refusal.details) : [])];
  return html`
    <section class="create-tree" aria-labelledby="create-title">
      <h2 id="create-title">No bandwidth tree on port ${port}${portInfo && portInfo.name ? ` (${portInfo.name})` : ''} yet</h2>
      <p>Create one here, or import a whole configuration file with <strong>Import</strong> above.</p>
      <form onSubmit=${(e) => e.preventDefault()}>
        <div class="field-row">
          <${Field} id="tree-capacity" label="Port capacity" value=${capacity} hint="line rate, e.g. 10G"
                    errors=${[...errs.capacity, ...fieldErrors(preview, '', 'capacity')]} onInput=${setCapacity} />
          <${Field} id="tree-headroom" label="Headroom (eta)" value=${headroom} hint="share of the capacity to allocate, e.g. 0.95 (5 % kept free for bursts and control traffic)"
                    errors=${[...errs.headroom, ...fieldErrors(preview, '', 'eta')]} onInput=${setHeadroom} />
        </div>
        <div class=${`field${errs.levels.length ? ' field-bad' : ''}`}>
          <label for="tree-levels">Levels below the port, one per line: name, field offset and length in bits</label>
          <textarea id="tree-levels" rows="4" value=${levels} aria-describedby="tree-levels-msg"
                    aria-invalid=${errs.levels.length ? 'true' : 'false'} onInput=${(e) => setLevels(e.currentTarget.value)}></textarea>
          <div id="tree-levels-msg" class="field-msg" aria-live="polite">
            ${errs.levels.length ? errs.levels.map((m) => html`<div class="error-text">⚠ ${m}</div>`)
              : html`<div class="hint">IPv4 destination = offset 240, length 32 (bits from the start of the Ethernet frame)</div>`}
          </div>
        </div>
        <fieldset class="selector">
          <legend>Traffic selector (optional)</legend>
          <p class="hint">Which traffic leaves by this port, when the switch has several trees. Without one the tree
            takes what no other tree selects; a switch can have one such tree, and all its selectors use one field.</p>
          <div class="field-row">
            <${Field} id="tree-selector-field" label="Field: offset length (bits)" value=${selField} placeholder="240 32"
                      hint="IPv4 destination = 240 32, destination MAC = 0 48" errors=${errs.selField} onInput=${setSelField} />
            <${Field} id="tree-selector-value" label="Value[/mask]" value=${selValue} placeholder="10.9.0.0/16"
                      hint="e.g. 10.9.0.0/16, or 0x0a09/0xffff with a hex mask"
                      errors=${[...errs.selValue, ...selectorMsgs]} onInput=${setSelValue} />
          </div>
        </fieldset>
        <div class="apply-bar">
          ${refusal ? html`<div class="verdict verdict-bad" role="status">⚠ Not created: the server refused it${
              selectorErrors(refusal.details).length ? ' (see the traffic selector)' : `: ${refusal.message}`}. Change the form to try again.</div>`
            : html`<${PreviewStatus} preview=${preview} localErrors=${local} />`}
          <button type="submit" class="primary" disabled=${!can}
                  onClick=${(e) => {
                    e.preventDefault();
                    if (can) onApply({ kind: 'create', tree: draft.tree, refused: setRefusal });
                  }}>Create tree</button>
        </div>
      </form>
    </section>`;
}

/** Messages about the tree's selector (a violation on field "selector", or under /tree/selector). */
function selectorErrors(violations) {
  return (violations || []).filter((v) => v.field === 'selector' || /(^|\/)selector(\/|$)/.test(v.pointer || ''))
    .map((v) => v.message);
}

// Form fields that show their own problems next to them: local parsing first, then what the
// server's admission preview says about this node and field.
import { html } from './html.js';
import { formatRate } from '../lib/rates.js';

const FORM_FIELDS = new Set(['id', 'guaranteed', 'weight', 'peak', 'key', 'mask', 'pinned', 'template', 'parent']);

export function Field({ id, label, value, onInput, errors = [], hint, placeholder, type = 'text', required = false }) {
  const bad = errors.length > 0;
  return html`
    <div class=${`field${bad ? ' field-bad' : ''}`}>
      <label for=${id}>${label}${required ? html`<span aria-hidden="true"> *</span>` : null}</label>
      <input id=${id} name=${id} type=${type} value=${value} placeholder=${placeholder} required=${required}
             aria-invalid=${bad ? 'true' : 'false'} aria-describedby=${`${id}-msg`} autocomplete="off"
             onInput=${(e) => onInput(e.currentTarget.value)} />
      <div id=${`${id}-msg`} class="field-msg" aria-live="polite">
        ${bad ? errors.map((m) => html`<div class="error-text">⚠ ${m}</div>`) : (hint ? html`<div class="hint">${hint}</div>` : null)}
      </div>
    </div>`;
}

export function Check({ id, label, checked, onChange }) {
  return html`
    <div class="field field-check">
      <input id=${id} type="checkbox" checked=${checked} onChange=${(e) => onChange(e.currentTarget.checked)} />
      <label for=${id}>${label}</label>
    </div>`;
}

/** One figure before -> after; "–" where the node does not exist on that side (or, for a limit, none). */
function beforeAfter(before, after) {
  const f = (v) => (v === null || v === undefined ? '–' : formatRate(v));
  return before === after ? f(after) : html`${f(before)} → <strong>${f(after)}</strong>`;
}

/** Every node whose effective guarantee, target (under full load) or limit the change moves. */
function Changes({ changes }) {
  if (!changes || changes.length === 0) return null;
  return html`
    <table class="changes">
      <caption>What changes (under full load)</caption>
      <thead><tr><th scope="col">node</th><th scope="col">guaranteed</th><th scope="col">target</th><th scope="col">effective limit</th></tr></thead>
      <tbody>
        ${changes.map((c) => html`<tr>
          <th scope="row">${c.id}</th>
          <td>${beforeAfter(c.guaranteedBps.before, c.guaranteedBps.after)}</td>
          <td>${beforeAfter(c.targetBps.before, c.targetBps.after)}</td>
          <td>${beforeAfter(c.effectiveLimitBps.before, c.effectiveLimitBps.after)}</td>
        </tr>`)}
      </tbody>
    </table>`;
}

/** The verdict of the admission preview for the draft, with the violations on other nodes. */
export function PreviewStatus({ preview, ownId, localErrors }) {
  if (localErrors) return html`<div class="verdict verdict-bad" role="status">Fix the marked fields first.</div>`;
  switch (preview.status) {
    case 'idle': return html`<div class="verdict" role="status">No change yet.</div>`;
    case 'checking': return html`<div class="verdict" role="status">Checking admission…</div>`;
    case 'ok': {
      // The preview's allocation assumes every leaf sends without limit: the node's full-load share.
      const a = preview.allocation && ownId ? (preview.allocation.nodes || []).find((n) => n.id === ownId) : null;
      return html`
        <div class="verdict verdict-ok" role="status">✓ Admission ok: the change can be applied.
          ${a ? html`<div class="hint">Under full load <strong>${ownId}</strong> would get ${formatRate(a.allocationBps)} (effective limit ${formatRate(a.effectiveLimitBps)}).</div>` : null}
          <${Changes} changes=${preview.changes} />
        </div>`;
    }
    case 'error': return html`<div class="verdict verdict-bad" role="status">⚠ Could not check: ${preview.error.message}</div>`;
    default: {
      // Violations already shown next to one of this form's fields are not repeated here.
      const others = [];
      for (const [node, list] of (preview.byNode || new Map()).entries()) {
        for (const v of list) if (!(node === ownId && v.field && FORM_FIELDS.has(v.field))) others.push({ node, message: v.message });
      }
      return html`
        <div class="verdict verdict-bad" role="status">
          ⚠ ${preview.error ? 'The server cannot accept this change' : 'Admission would refuse this change'}${preview.error && !(preview.violations || []).length ? `: ${preview.error.message}` : ''}.
          ${others.length ? html`<ul class="violations">${others.map((v) => html`<li>${v.node ? html`<strong>${v.node}</strong>: ` : null}${v.message}</li>`)}</ul>` : null}
        </div>`;
    }
  }
}

/** Errors the preview reported for one field of one node. */
export function fieldErrors(preview, nodeId, field) {
  if (!preview.byNode || !nodeId) return [];
  return (preview.byNode.get(nodeId) || []).filter((v) => v.field === field).map((v) => v.message);
}

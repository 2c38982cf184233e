// A node's live state, always as text with its colour: "S satisfied", "U unsatisfied", "idle"
// (active but sending nothing: not "unsatisfied"), "inactive".
import { html } from './html.js';

export function StateBadge({ live, template = false }) {
  if (template && !live) return html`<span class="badge badge-none" title="a prototype for nodes that join; not installed">template</span>`;
  if (!live) return html`<span class="badge badge-none">no data</span>`;
  if (live.active === false) return html`<span class="badge badge-idle">inactive</span>`;
  if (live.measuredBps === 0) return html`<span class="badge badge-idle" title="sends nothing now (0 b/s)">idle</span>`;
  if (live.state === 'S') return html`<span class="badge badge-s">S satisfied</span>`;
  if (live.state === 'U') return html`<span class="badge badge-u">U unsatisfied</span>`;
  return html`<span class="badge badge-none">${live.state || 'unknown'}</span>`;
}

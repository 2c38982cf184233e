// The selected node: its configuration and live figures, its rate chart, and the edit forms.
import { useState } from 'preact/hooks';
import { html } from './html.js';
import { formatRate } from '../lib/rates.js';
import { ancestors } from '../lib/tree.js';
import { RateChart } from './RateChart.js';
import { StateBadge } from './StateBadge.js';
import { AddForm, EditForm, MoveForm, DeleteForm } from './editors.js';

const WINDOWS = [1, 5, 10];

/** What the figures mean, as a tooltip on their names (docs/hsdba-algorithm.md). */
export const GLOSSARY = {
  Guaranteed: 'the rate this node always gets when it asks for it: set, or implied by its weight',
  Assured: 'the rate this class always gets when it asks for it (HTB-like mode: weights only share what is left)',
  Ceiling: 'the most this class ever gets, even when the port is idle',
  Target: "the exact allocator's rate for this node at the measured demands: what it should get now",
  'Fair share': "min(effective limit, weight × the parent's fair rate): what the switch lets through before the node counts as unsatisfied",
  'Effective limit': 'the lowest of its own peak and every ancestor\'s peak: it never gets more than this',
  Headroom: 'eta: the share of the port capacity that is allocated (0.95 leaves 5 % for bursts and control traffic)',
};

function keyLabel(key) {
  if (!key) return 'none (matches all)';
  return key.mask ? `${key.value} / ${key.mask}` : key.value;
}

function Facts({ node, raw, live, index, effective, htb }) {
  const path = [...ancestors(index, node.id)].reverse();
  const has = (v) => v !== null && v !== undefined;
  const rows = [
    [htb ? 'Assured' : 'Guaranteed', has(node.guaranteedBps) ? formatRate(node.guaranteedBps)
      : effective && has(effective.guaranteedBps)
        ? `${formatRate(effective.guaranteedBps)} (${htb ? 'not set' : 'implied by its weight'})` : '–'],
    [htb ? 'Ceiling' : 'Peak', formatRate(node.peakBps)],
    ['Weight', has(node.weight) ? node.weight
      : effective && has(effective.weight) ? `${Number(effective.weight.toPrecision(4))} (${htb ? 'default' : 'from the guarantee'})` : '–'],
    ['Measured', live ? formatRate(live.measuredBps) : '–'],
    ['Target', live ? formatRate(live.targetBps) : '–'],
    ['Fair share', live ? formatRate(live.fairShareBps) : '–'],
    ['Dropped', live ? formatRate(live.dropBps) : '–'],
    ['Effective limit', live ? formatRate(live.effectiveLimitBps) : '–'],
    ['Last seen', live && live.lastSeen ? new Date(live.lastSeen).toLocaleTimeString([], { hour12: false }) : '–'],
  ];
  return html`
    <div class="path">port ${path.map((p) => html` › ${p}`)} › <strong>${node.id}</strong> · match ${keyLabel(node.key)}</div>
    <dl class="facts">
      ${rows.map(([k, v]) => html`<dt>${GLOSSARY[k] ? html`<abbr class="term" title=${GLOSSARY[k]} tabindex="0">${k}</abbr>` : k}</dt><dd>${v}</dd>`)}
      <dt>State</dt><dd><${StateBadge} live=${live} template=${node.template} /></dd>
    </dl>`;
}

export function NodePanel(props) {
  const { index, tree, selected, live, samples, now } = props;
  const [tab, setTab] = useState('edit');
  const [windowMin, setWindowMin] = useState(5);
  const node = index.nodes.get(selected);
  const raw = tree.nodes[index.position.get(selected)];
  const common = { ...props, raw };
  // The node as the server resolves it: its effective guarantee when only a weight is set.
  const effective = props.effective ? props.effective.get(selected) || null : null;
  const htb = tree.mode === 'guarantee-excess';
  const tabs = [['edit', 'Edit'], ['add', 'Add child'], ['move', 'Move'], ['delete', 'Delete']];
  return html`
    <section class="node-panel" aria-labelledby="node-title">
      <h2 id="node-title" tabindex="-1">Node <code>${node.id}</code></h2>
      <${Facts} node=${node} raw=${raw} live=${live} index=${index} effective=${effective} htb=${htb} />
      <div class="tabs" role="tablist" aria-label="change this node">
        ${tabs.map(([k, label]) => html`
          <button type="button" role="tab" id=${`tab-${k}`} aria-selected=${String(tab === k)} aria-controls="tab-panel"
                  onClick=${() => setTab(k)}>${label}</button>`)}
      </div>
      <div id="tab-panel" role="tabpanel" aria-labelledby=${`tab-${tab}`}>
        ${tab === 'edit' ? html`<${EditForm} key=${selected} ...${common} />` : null}
        ${tab === 'add' ? html`<${AddForm} key=${selected} ...${common} parent=${selected} />` : null}
        ${tab === 'move' ? html`<${MoveForm} key=${selected} ...${common} />` : null}
        ${tab === 'delete' ? html`<${DeleteForm} key=${selected} ...${common} />` : null}
      </div>
      <div class="chart-tools" role="group" aria-label="chart window">
        ${WINDOWS.map((m) => html`<button type="button" aria-pressed=${String(windowMin === m)} onClick=${() => setWindowMin(m)}>${m} min</button>`)}
      </div>
      <${RateChart} title=${`Rate of ${node.id}`} samples=${samples} now=${now} windowMs=${windowMin * 60000}
                    guaranteedBps=${node.guaranteedBps ?? (effective ? effective.guaranteedBps : null)} peakBps=${node.peakBps}
                    guaranteeLabel=${htb ? 'assured' : 'guaranteed'} />
    </section>`;
}

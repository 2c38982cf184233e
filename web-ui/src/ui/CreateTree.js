// The empty state of a port without a tree: create one (capacity prefilled from the port's line
// rate, headroom, sharing mode, levels, and the traffic selector a switch with several trees
// needs) in place; or restore the tree just deleted here.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { html } from './html.js';
import { PreviewStatus } from './fields.js';
import { usePreview } from './preview.js';
import { formatRate } from '../lib/rates.js';
import { capacityText, withSettings } from '../lib/settings.js';
import { SettingsFields, readSettings, selectorErrors } from './TreeSettings.js';

const DEFAULT_LEVELS = 'subnet 240 16\nuser 240 32';

export function CreateTree({ api, device, port, portInfo, onApply, busy, onProblems, deleted, onRestore }) {
  const speed = portInfo && portInfo.speedBps ? portInfo.speedBps : null;
  const [f, setF] = useState({
    capacity: capacityText(speed) || '10G', eta: '0.95', mode: 'weighted', levels: DEFAULT_LEVELS, selField: '', selValue: '',
  });
  // The port's speed may arrive after the form (devices are polled): take it while untouched.
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (speed && !touched) setF((cur) => ({ ...cur, capacity: capacityText(speed) }));
  }, [speed]);
  const set = (next) => { setTouched(true); setF(next); };
  // The server's refusal of the last Create: the device-wide selector rules are checked on apply.
  const [refusal, setRefusal] = useState(null);
  const { errs, settings } = readSettings(f);
  const local = settings === null;
  const draft = useMemo(() => (local ? null : {
    tree: withSettings({ device, port, nodes: [] }, settings),
  }), [local, device, port, JSON.stringify(settings)]);
  useEffect(() => setRefusal(null), [draft]);
  const preview = usePreview(api, device, port, draft, onProblems);
  const can = !local && preview.status === 'ok' && !busy && !refusal;
  const shownPreview = refusal ? { ...preview, violations: [...(preview.violations || []), ...(refusal.details || [])] } : preview;
  return html`
    <section class="create-tree" aria-labelledby="create-title">
      <h2 id="create-title">No bandwidth tree on port ${port}${portInfo && portInfo.name ? ` (${portInfo.name})` : ''} yet</h2>
      ${deleted ? html`
        <div class="banner banner-warn" role="status">The tree of this port was deleted (${deleted.nodes.length} nodes).
          <button type="button" class="primary" disabled=${busy} onClick=${onRestore}>↶ Undo: restore the deleted tree</button></div>` : null}
      <p>Create one here, or import a whole configuration file with <strong>Import</strong> above.
        ${speed ? html` The switch reports this port at <strong>${formatRate(speed)}</strong>.` : ' The switch does not report this port\'s speed: give its line rate.'}</p>
      <form onSubmit=${(e) => e.preventDefault()}>
        <${SettingsFields} prefix="tree" f=${f} set=${set} errs=${errs} preview=${shownPreview}
                           capacityHint=${speed ? `the port's line rate is ${formatRate(speed)}` : 'line rate, e.g. 100M or 10G'} />
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

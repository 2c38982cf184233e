// The run-time parameters (GET/PUT /parameters): one set for every switch and tree. The server
// checks every member and says which one is wrong (a JSON pointer), shown at that field; the
// values before the last Apply stay available to put back (the parameters have no server history).
// Before Apply, the server's preview (POST /parameters/preview) says what the change does to the
// switches: sent in place, or a reprogram with its time without enforcement (a mode change).
import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { Field } from './fields.js';
import { NUMBERS, paramBody, paramFields } from '../lib/params.js';

/** Server problems by form field, from the error's JSON pointers (/rateEstimator/kSeconds → estimatorSeconds). */
function problemsByField(error) {
  const out = {};
  for (const d of (error && error.details) || []) {
    const parts = (d.pointer || '').split('/').filter(Boolean);
    const field = parts[0] === 'rateEstimator' ? (parts[1] === 'kind' ? 'kind' : 'estimatorSeconds') : (parts[0] || '_');
    (out[field] = out[field] || []).push(d.message);
  }
  if (error && !(error.details || []).length) out._ = [error.message];
  return out;
}

export function Parameters({ api, onGlobalError }) {
  const [loaded, setLoaded] = useState(null);
  const [f, setF] = useState(null);
  const [previous, setPrevious] = useState(null);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [preview, setPreview] = useState(null);
  useEffect(() => {
    api.parameters().then((p) => { setLoaded(p); setF(paramFields(p)); }, (e) => { if (!onGlobalError(e)) setError(e); });
  }, []);
  // The body the form would send, and whether it differs from what is set: previewed while it does.
  const pending = f && loaded ? JSON.stringify(paramBody(f)) : '';
  const differs = pending !== '' && pending !== JSON.stringify(paramBody(paramFields(loaded)));
  useEffect(() => {
    setPreview(null);
    if (!differs) return undefined;
    let live = true;
    // Typing sends one preview per pause, not one per key; a refused value simply has none.
    const timer = setTimeout(() => api.previewParameters(JSON.parse(pending))
      .then((p) => { if (live) setPreview(p); }, () => {}), 300);
    return () => { live = false; clearTimeout(timer); };
  }, [pending, differs]);
  if (!f) return html`<section class="parameters"><h2 id="params-title" tabindex="-1">Run-time parameters</h2><div class="empty">${error ? `Could not read them: ${error.message}` : 'Loading…'}</div></section>`;
  const changed = JSON.stringify(f) !== JSON.stringify(paramFields(loaded));
  const problems = problemsByField(error);

  async function put(body, label, before) {
    setBusy(true);
    setNotice('');
    setError(null);
    try {
      const now = await api.putParameters(body);
      setPrevious(before);
      setLoaded(now);
      setF(paramFields(now));
      setNotice(`${label}: done.`);
    } catch (e) {
      if (!onGlobalError(e)) setError(e);
    } finally {
      setBusy(false);
    }
  }

  const field = (k, label, hint) => html`<${Field} id=${`param-${k}`} label=${label} value=${f[k]} hint=${hint}
      errors=${problems[k] || []} onInput=${(v) => setF({ ...f, [k]: v })} />`;
  return html`
    <section class="parameters" aria-labelledby="params-title">
      <h2 id="params-title" tabindex="-1">Run-time parameters</h2>
      <p class="hint">One set for every switch and tree. The server checks each value; a refused one is shown at its field and nothing changes.</p>
      <form class="editor" aria-label="run-time parameters" onSubmit=${(e) => e.preventDefault()}>
        <div class="apply-bar">
          <div class="verdict" role="status">${notice || (changed ? 'Changed: apply to send them to the server.' : 'No change yet.')}</div>
          <button type="submit" class="primary" id="params-apply" disabled=${!changed || busy}
                  onClick=${(e) => { e.preventDefault(); put(paramBody(f), 'Parameters', loaded); }}>${busy ? 'Applying…' : 'Apply parameters'}</button>
          <button type="button" disabled=${!previous || busy}
                  onClick=${() => put(paramBody(paramFields(previous)), 'Previous parameters restored', loaded)}>↶ Put back the previous values</button>
        </div>
        ${changed && preview ? html`<p id="params-preview" role="status"
            class=${`verdict ${preview.reprogram > 0 ? 'verdict-bad' : ''}`}>${preview.reprogram > 0 ? '⚠ ' : ''}On the switches: ${preview.summary}.</p>` : null}
        ${problems._ ? html`<div class="verdict verdict-bad" role="alert">⚠ ${problems._.join('; ')}</div>` : null}
        <div class="field-row">
          <div class="field">
            <label for="param-kind">Rate estimator</label>
            <select id="param-kind" value=${f.kind} onChange=${(e) => setF({ ...f, kind: e.currentTarget.value })}>
              <option value="ewma">EWMA (time constant K)</option>
              <option value="window">window (fixed length)</option>
            </select>
          </div>
          ${field('estimatorSeconds', f.kind === 'window' ? 'Window (s)' : 'K (s)', f.kind === 'window' ? '0.0001 .. 3600, or with a unit: 10ms' : '0.0001 .. 3600, or with a unit: 10ms; blank: derived from each port\'s capacity')}
        </div>
        <div class="field">
          <label for="param-mode">Enforcement</label>
          <select id="param-mode" value=${f.mode} onChange=${(e) => setF({ ...f, mode: e.currentTarget.value })}>
            <option value="auto">auto (in-switch when the switch has the extension)</option>
            <option value="in-switch">in-switch</option>
            <option value="controller-assisted">controller-assisted</option>
          </select>
        </div>
        <div class="field-row">${NUMBERS.slice(0, 3).map(([k, l, h]) => field(k, l, h))}</div>
        <div class="field-row">${NUMBERS.slice(3).map(([k, l, h]) => field(k, l, h))}</div>
      </form>
    </section>`;
}

// The top bar: switch and port pickers with the switch's status, undo, export and import.
import { useRef } from 'preact/hooks';
import { html } from './html.js';

// undo / redo: the label of the operator's write each would take back or re-apply (the server's history), or null.
export function TopBar({ devices, device, port, dev, undo, redo, busy, onDevice, onPort, onUndo, onRedo, onExport, onImport, session }) {
  const fileInput = useRef(null);
  return html`
  <header class="topbar">
    <h1>hsdba <span class="sub">bandwidth trees</span></h1>
    <div class="pickers">
      <label for="device-pick">Switch</label>
      <select id="device-pick" value=${device || ''} disabled=${!devices || devices.length === 0}
              onChange=${(e) => onDevice(e.currentTarget.value)}>
        ${(devices || []).length === 0 ? html`<option value="">no switches</option>` : null}
        ${(devices || []).map((d) => html`<option value=${d.id}>${d.id} — ${d.connected ? 'connected' : 'disconnected'}</option>`)}
      </select>
      <label for="port-pick">Port</label>
      <select id="port-pick" value=${port ?? ''} disabled=${!dev}
              onChange=${(e) => onPort(Number(e.currentTarget.value))}>
        ${(dev?.ports || []).map((p) => html`<option value=${p.port}>${p.port}${p.name ? ` (${p.name})` : ''} — ${p.up ? 'up' : 'down'}${p.managed ? ', managed' : ''}</option>`)}
      </select>
      ${dev ? html`<span class=${`conn ${dev.connected ? 'conn-ok' : 'conn-bad'}`}>${dev.connected ? '● connected' : '○ disconnected'}${dev.mode ? ` · ${dev.mode}` : ''}${dev.programmed ? ' · programmed' : ''}</span>` : null}
    </div>
    <div class="actions">
      <button type="button" disabled=${!undo || busy} onClick=${onUndo}
              title=${undo ? `take back "${undo}" (nodes joined since stay)` : 'nothing to undo'}>↶ Undo${undo ? ` ${undo}` : ''}</button>
      <button type="button" disabled=${!redo || busy} onClick=${onRedo}
              title=${redo ? `re-apply "${redo}"` : 'nothing to redo'}>↷ Redo${redo ? ` ${redo}` : ''}</button>
      <button type="button" onClick=${onExport}>Export config</button>
      <button type="button" onClick=${() => fileInput.current && fileInput.current.click()}>Import config…</button>
      <input ref=${fileInput} type="file" accept=".json,application/json" class="visually-hidden" id="import-file"
             aria-label="configuration file to import" tabindex="-1" onChange=${(e) => { const f = e.currentTarget.files[0]; e.currentTarget.value = ''; onImport(f); }} />
      ${session ? html`
        <form method="post" action=${session.logout} class="logout">
          <span class="user" title="logged in to the lab">${session.user}</span>
          <button type="submit">Log out</button>
        </form>` : null}
    </div>
  </header>`;
}

// Page-wide states, each said in words: REST unreachable (with retry), 401, no switches, a
// disconnected switch, a write refused because the tree changed underneath (409).
import { html } from './html.js';

export function Banners({ conn, devices, dev, treeError, onRetry }) {
  const out = [];
  if (conn.status === 'down') {
    out.push(html`
      <div class="banner banner-bad" role="alert">
        <strong>REST API unreachable.</strong> ${conn.message}; the page keeps retrying every few seconds.
        <button type="button" onClick=${onRetry}>Retry now</button>
      </div>`);
  } else if (conn.status === 'unauthorized') {
    out.push(html`
      <div class="banner banner-bad" role="alert">
        <strong>Not signed in (401).</strong> The server refused the browser's credentials (or the lab's login session ended). Reload the page to sign in again; this page never stores passwords.
        <button type="button" onClick=${() => location.reload()}>Reload and sign in</button>
      </div>`);
  } else if (devices && devices.length === 0) {
    out.push(html`<div class="banner" role="status"><strong>No switches yet.</strong> Connect a POF switch to the controller; it appears here within seconds.</div>`);
  }
  if (dev && !dev.connected) {
    out.push(html`
      <div class="banner banner-warn" role="status">
        <strong>Switch ${dev.id} is disconnected.</strong> Live rates are unavailable; its trees are kept and are programmed again when it reconnects.
      </div>`);
  }
  if (dev && dev.lastError) {
    out.push(html`<div class="banner banner-warn" role="status"><strong>Last error on ${dev.id}:</strong> ${dev.lastError}</div>`);
  }
  if (treeError) {
    out.push(html`<div class="banner banner-bad" role="alert"><strong>Could not load the tree:</strong> ${treeError} <button type="button" onClick=${onRetry}>Retry</button></div>`);
  }
  return out.length ? html`<div class="banners">${out}</div>` : null;
}

export function ConflictBanner({ conflict, onReload }) {
  return html`
    <div class="banner banner-bad" role="alert">
      <strong>Changed by someone else — reload.</strong>${' '}
      ${`This port's tree was modified${conflict.currentVersion !== null && conflict.currentVersion !== undefined ? ` (it is now at version ${conflict.currentVersion})` : ''} since you loaded it, so your change was not applied.`}
      <button type="button" class="primary" onClick=${onReload}>Reload the tree</button>
    </div>`;
}

export function ImportErrors({ info, onClose }) {
  const { file, error } = info;
  return html`
    <div class="banner banner-bad" role="alert">
      <strong>Import of ${file} refused (${error.code}):</strong> ${error.message}. Nothing was changed.
      ${error.details && error.details.length && error.code !== 'malformed-json' ? html`
        <ul class="violations">
          ${error.details.map((d) => html`<li>${d.pointer ? html`<code>${d.pointer}</code> ` : null}${d.line ? `line ${d.line}${d.column ? `:${d.column}` : ''} ` : ''}${d.node ? html`<strong>${d.node}</strong>: ` : null}${d.message}</li>`)}
        </ul>` : null}
      <button type="button" onClick=${onClose}>Dismiss</button>
    </div>`;
}

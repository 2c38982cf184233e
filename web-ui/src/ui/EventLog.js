// The event log (GET /events, newest first): joins, prunes, refusals, switch connections, errors,
// with a filter by type, device and node (applied to the events the page holds).
import { useState } from 'preact/hooks';
import { html } from './html.js';
import { filterEvents } from '../lib/events.js';

const LABEL = {
  NODE_JOINED: 'node joined',
  NODE_PRUNED: 'node pruned',
  NODE_REACTIVATED: 'node reactivated',
  NODE_INACTIVE: 'node inactive',
  ADMISSION_REFUSED: 'admission refused',
  SWITCH_PROGRAMMED: 'switch programmed',
  SWITCH_CONNECTED: 'switch connected',
  SWITCH_DISCONNECTED: 'switch disconnected',
  ERROR: 'error',
};

function time(ms) {
  const d = new Date(ms);
  return d.toLocaleTimeString([], { hour12: false });
}

export function EventLog({ events, error }) {
  const [filter, setFilter] = useState({ type: '', device: '', node: '' });
  const shown = filterEvents(events, filter);
  const set = (k) => (e) => setFilter({ ...filter, [k]: e.currentTarget.value });
  return html`
    <section class="events" aria-labelledby="events-title">
      <h2 id="events-title">Events</h2>
      <div class="event-filter" role="search" aria-label="filter events">
        <label for="ev-type">Type</label>
        <select id="ev-type" value=${filter.type} onChange=${set('type')}>
          <option value="">all</option>
          ${Object.keys(LABEL).map((t) => html`<option value=${t}>${LABEL[t]}</option>`)}
        </select>
        <label for="ev-device">Device</label>
        <input id="ev-device" type="search" value=${filter.device} onInput=${set('device')} placeholder="pof:…" />
        <label for="ev-node">Node</label>
        <input id="ev-node" type="search" value=${filter.node} onInput=${set('node')} placeholder="node id" />
        <span class="count">${shown.length} of ${events.length}</span>
      </div>
      ${error ? html`<div class="empty">Events unavailable: ${error}</div>` : null}
      ${!error && events.length === 0 ? html`<div class="empty">No events yet.</div>` : null}
      ${!error && events.length > 0 && shown.length === 0 ? html`<div class="empty">No event matches the filter.</div>` : null}
      <ol class="event-list">
        ${shown.map((e, i) => html`
          <li key=${`${e.time}-${i}`} class=${`ev ev-${(e.type || '').toLowerCase()}`}>
            <time datetime=${new Date(e.time).toISOString()}>${time(e.time)}</time>
            <span class="ev-type">${LABEL[e.type] || e.type}</span>
            <span class="ev-where">${[e.device, e.port !== undefined && e.port !== null ? `port ${e.port}` : null, e.node].filter(Boolean).join(' · ')}</span>
            <span class="ev-msg">${e.message}</span>
          </li>`)}
      </ol>
    </section>`;
}

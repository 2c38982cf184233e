// The event log (GET /events, newest first): joins, prunes, refusals, switch connections, errors.
import { html } from './html.js';

const LABEL = {
  NODE_JOINED: 'node joined',
  NODE_PRUNED: 'node pruned',
  NODE_REACTIVATED: 'node reactivated',
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
  return html`
    <section class="events" aria-labelledby="events-title">
      <h2 id="events-title">Events</h2>
      ${error ? html`<div class="empty">Events unavailable: ${error}</div>` : null}
      ${!error && events.length === 0 ? html`<div class="empty">No events yet.</div>` : null}
      <ol class="event-list">
        ${events.map((e, i) => html`
          <li key=${`${e.time}-${i}`} class=${`ev ev-${(e.type || '').toLowerCase()}`}>
            <time datetime=${new Date(e.time).toISOString()}>${time(e.time)}</time>
            <span class="ev-type">${LABEL[e.type] || e.type}</span>
            <span class="ev-where">${[e.device, e.port !== undefined && e.port !== null ? `port ${e.port}` : null, e.node].filter(Boolean).join(' · ')}</span>
            <span class="ev-msg">${e.message}</span>
          </li>`)}
      </ol>
    </section>`;
}

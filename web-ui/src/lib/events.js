// Filtering the event log the page holds (GET /events also filters on the server).

/** The events that pass the filter: type exact (or any), device and node as substrings (case-insensitive). */
export function filterEvents(events, { type = '', device = '', node = '' }) {
  const dev = device.trim().toLowerCase();
  const nd = node.trim().toLowerCase();
  return events.filter((e) => (!type || e.type === type)
    && (!dev || (e.device || '').toLowerCase().includes(dev))
    && (!nd || (e.node || '').toLowerCase().includes(nd)));
}


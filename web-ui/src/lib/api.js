// The page's only door to the server: the hsdba REST API (v1). Credentials are never handled
// here: requests go to the page's own origin and the browser adds its BASIC auth itself.

/** An error from the API in the contract's shape, or a network failure (status 0). */
export class ApiError extends Error {
  constructor({ status, code, message, details = [], currentVersion = null, currentEtag = null, method, path }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.currentVersion = currentVersion;
    this.currentEtag = currentEtag;
    this.method = method;
    this.path = path;
  }

  get unreachable() { return this.status === 0; }

  get unauthorized() { return this.status === 401; }

  get conflict() { return this.status === 409; }
}

/** Base URL of the API for a page served at <context>/ui/: the sibling <context>/v1/. */
export function apiBaseFor(pageUrl) {
  return new URL('../v1/', new URL('.', pageUrl)).href;
}

/** The tag inside a strong ETag header (`"5f0c2a91e3-7"` -> `5f0c2a91e3-7`); null for none or a weak one. */
export function parseEtag(value) {
  if (!value) return null;
  const m = /^"([^"]*)"$/.exec(value.trim());
  return m ? m[1] : null;
}

function enc(part) {
  return encodeURIComponent(String(part));
}

export class Api {
  constructor(base, fetchImpl = (...a) => globalThis.fetch(...a)) {
    this.base = base.endsWith('/') ? base : `${base}/`;
    this.fetch = fetchImpl;
  }

  /**
   * One request. Resolves to {status, data, etag, headers}; rejects with an ApiError for any
   * non-2xx answer (parsed from the contract's error body when there is one) or network failure.
   */
  async request(method, path, { body, ifMatch, ifNoneMatch, raw = false } = {}) {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    // A tag goes in quotes (a strong ETag); '*' (any tree) as it is.
    if (ifMatch !== undefined && ifMatch !== null) headers['If-Match'] = ifMatch === '*' ? '*' : `"${ifMatch}"`;
    if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;
    let res;
    try {
      res = await this.fetch(this.base + path, {
        method,
        headers,
        body: body === undefined ? undefined : (typeof body === 'string' ? body : JSON.stringify(body)),
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch (e) {
      throw new ApiError({ status: 0, code: 'unreachable', message: `no answer from ${this.base} (${e.message})`, method, path });
    }
    const text = res.status === 204 ? '' : await res.text();
    let data = null;
    // Error bodies are JSON in the contract's shape even when the answer is wanted as text.
    if (text && (!raw || !res.ok)) {
      try {
        data = JSON.parse(text);
      } catch (e) {
        if (res.ok) throw new ApiError({ status: res.status, code: 'bad-answer', message: `${method} ${path}: answer is not JSON`, method, path });
      }
    }
    if (!res.ok) {
      const err = (data && data.error) || {};
      throw new ApiError({
        status: res.status,
        code: err.code || `http-${res.status}`,
        message: err.message || `${method} ${path} failed: HTTP ${res.status} ${res.statusText || ''}`.trim(),
        details: err.details || [],
        currentVersion: data && data.currentVersion !== undefined ? data.currentVersion : null,
        currentEtag: data && data.currentEtag ? parseEtag(data.currentEtag) : null,
        method,
        path,
      });
    }
    return { status: res.status, data: raw ? text : data, etag: parseEtag(res.headers.get('ETag')), headers: res.headers };
  }

  // --- resources of the contract ---

  devices() { return this.request('GET', 'devices').then((r) => r.data.devices || []); }

  portPath(device, port) { return `devices/${enc(device)}/ports/${enc(port)}`; }

  /**
   * The tree with its operator version and `etag` (the tag writes send back in If-Match; it
   * changes with operator writes only, not with joins), or null when the port has none (404).
   */
  async tree(device, port) {
    try {
      const r = await this.request('GET', `${this.portPath(device, port)}/tree`);
      return { ...r.data, etag: r.etag };
    } catch (e) {
      if (e.status === 404) return null;
      throw e;
    }
  }

  /** Replaces the tree based on `etag`; without one it only creates (If-None-Match: *). */
  putTree(device, port, tree, etag) {
    return this.request('PUT', `${this.portPath(device, port)}/tree`,
      etag ? { body: tree, ifMatch: etag } : { body: tree, ifNoneMatch: '*' });
  }

  deleteTree(device, port, etag) {
    return this.request('DELETE', `${this.portPath(device, port)}/tree`, { ifMatch: etag });
  }

  /** {undo: [labels], redo: [labels]}, most recent first: the operator's own writes of this tree. */
  operatorHistory(device, port) {
    return this.request('GET', `${this.portPath(device, port)}/tree/history`).then((r) => r.data);
  }

  undo(device, port, etag) {
    return this.request('POST', `${this.portPath(device, port)}/tree/undo`, { ifMatch: etag });
  }

  redo(device, port, etag) {
    return this.request('POST', `${this.portPath(device, port)}/tree/redo`, { ifMatch: etag });
  }

  /** One node as the server resolves it (effective guarantee, weight, children). */
  node(device, port, id) {
    return this.request('GET', `${this.portPath(device, port)}/nodes/${enc(id)}`).then((r) => r.data);
  }

  /** Every node as the server resolves it (effective guarantee and weight), in tree order. */
  nodes(device, port) {
    return this.request('GET', `${this.portPath(device, port)}/nodes`).then((r) => r.data.nodes || []);
  }

  /**
   * The lab's login session ({user, logout}: the URL to POST to end it), or null where there is
   * none (a BASIC login, or inside ONOS, which keeps its own login and has no such resource).
   */
  async session() {
    try {
      const res = await this.fetch(new URL('../session', this.base).href, { headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' });
      return res.ok ? await res.json() : null;
    } catch (e) {
      return null;
    }
  }

  /** The run-time parameters (global: every switch and tree). */
  parameters() { return this.request('GET', 'parameters').then((r) => r.data); }

  putParameters(params) { return this.request('PUT', 'parameters', { body: params }).then((r) => r.data); }

  /** What putParameters(params) would do to each connected switch (in place, or a reprogram); sets nothing. */
  previewParameters(params) { return this.request('POST', 'parameters/preview', { body: params }).then((r) => r.data); }

  addNode(device, port, node, version) {
    return this.request('POST', `${this.portPath(device, port)}/nodes`, { body: node, ifMatch: version });
  }

  updateNode(device, port, id, patch, version) {
    return this.request('PATCH', `${this.portPath(device, port)}/nodes/${enc(id)}`, { body: patch, ifMatch: version });
  }

  moveNode(device, port, id, parent, version) {
    return this.request('POST', `${this.portPath(device, port)}/nodes/${enc(id)}/move`, { body: { parent }, ifMatch: version });
  }

  deleteNode(device, port, id, version) {
    return this.request('DELETE', `${this.portPath(device, port)}/nodes/${enc(id)}`, { ifMatch: version });
  }

  /** draft: {edit: {op, ...}} or {tree: {...}}; answers {admission, allocation}, changes nothing. */
  preview(device, port, draft) {
    return this.request('POST', 'preview', { body: { device, port, ...draft } }).then((r) => r.data);
  }

  state(device, port) { return this.request('GET', `${this.portPath(device, port)}/state`).then((r) => r.data); }

  history(device, port, id) {
    return this.request('GET', `${this.portPath(device, port)}/nodes/${enc(id)}/history`).then((r) => r.data.samples || []);
  }

  events(limit = 100) { return this.request('GET', `events?limit=${limit}`).then((r) => r.data.events || []); }

  config() { return this.request('GET', 'config', { raw: true }); }

  putConfig(text, version) { return this.request('PUT', 'config', { body: text, ifMatch: version }); }
}

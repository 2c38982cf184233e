// Entry point: mounts the page against the REST API next to it (<context>/v1/).
import { render } from 'preact';
import { html } from './ui/html.js';
import { App } from './ui/App.js';
import { Api, apiBaseFor } from './lib/api.js';

const api = new Api(apiBaseFor(location.href));
render(html`<${App} api=${api} />`, document.getElementById('app'));

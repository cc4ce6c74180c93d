// api.js - the back end the page talks to, chosen once: the tengen server's JSON API
// (backend_server.js) or, in the static build whose index.html says so in its tengen-backend meta
// tag, tengen's engine running in this browser (backend_local.js). Both answer the same calls
// with the same game states (docs/web.md) and events, so the rest of the page does not know which.

import { ApiError } from './api_error.js';
import { serverBackend } from './backend_server.js';

const meta = document.querySelector('meta[name="tengen-backend"]');
const wantLocal = !!meta && meta.content === 'local';

export { ApiError };
// The server's features the in-browser engine lacks (clocks) are hidden there.
export const inBrowser = wantLocal;
export const api = wantLocal ? (await import('./backend_local.js')).createLocalBackend() : serverBackend;

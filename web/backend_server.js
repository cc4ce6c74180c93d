// backend_server.js - the page's back end when `tengen web` serves it: the server's JSON API
// (docs/web.md), one function per endpoint, errors as ApiError with the HTTP status and the
// server's message, and the game's event stream (Server-Sent Events).

import { ApiError } from './api_error.js';

// One call of the JSON API: the answer's JSON, or an ApiError (also used by the team page).
export async function request(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, 'The tengen server does not answer. Is `tengen web` still running?');
  }
  const text = await res.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch (e) {
      data = null;
    }
  }
  if (!res.ok) {
    const msg = data && data.error ? data.error : `${res.status} ${res.statusText}`;
    throw new ApiError(res.status, msg, data);
  }
  return data;
}

const game = (id) => `/api/games/${encodeURIComponent(id)}`;

export const serverBackend = {
  notice: null,
  listGames: () => request('GET', '/api/games'),
  createGame: (opts) => request('POST', '/api/games', opts),
  importSgf: (sgf, opts = {}) => request('POST', '/api/games', { ...opts, sgf }),
  getGame: (id) => request('GET', game(id)),
  deleteGame: (id) => request('DELETE', game(id)),
  play: (id, move) => request('POST', game(id) + '/play', { move }),
  genmove: (id) => request('POST', game(id) + '/genmove'),
  undo: (id) => request('POST', game(id) + '/undo'),
  resign: (id) => request('POST', game(id) + '/resign'),
  score: (id, dead) => request('POST', game(id) + '/score', dead ? { dead } : undefined),
  stop: (id) => request('POST', game(id) + '/stop'),
  analyze: (id, opts) => request('POST', game(id) + '/analyze', opts),
  stopAnalysis: (id) => request('DELETE', game(id) + '/analyze'),
  review: (id, playouts) => request('POST', game(id) + '/review', { playouts }),
  cancelReview: (id) => request('DELETE', game(id) + '/review'),
  copy: (id, move, opts = {}) => request('POST', game(id) + '/copy', { ...opts, move }),
  copyNode: (id, node, opts = {}) => request('POST', game(id) + '/copy', { ...opts, node }),
  position: (id, n) => request('GET', game(id) + '/position?move=' + n),
  tree: (id) => request('GET', game(id) + '/tree'),
  treeNode: (id, node) => request('GET', game(id) + '/tree/' + node),
  treeMove: (id, node, move) => request('POST', game(id) + '/tree/' + node, { move }),
  treeComment: (id, node, comment) => request('POST', game(id) + '/tree/' + node, { comment }),
  treeDelete: (id, node) => request('DELETE', game(id) + '/tree/' + node),
  sgfUrl: (id) => game(id) + '/sgf',
  // The game's events (state, analysis, review, deleted) as an EventSource.
  follow: (id) => new EventSource(game(id) + '/analysis'),
};

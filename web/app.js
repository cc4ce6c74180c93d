// app.js - the tengen web game: talks to its back end (api.js: the server's JSON API of docs/web.md,
// or the engine in the browser), keeps the page in step with the game state, and handles play,
// the AI's turn, the clocks, scoring, review, SGF and keys. The back end owns the game; the page
// keeps only the id (URL hash and localStorage) and view settings, so a reload never loses a game.

import { api, ApiError } from './api.js';
import { BoardView, parseVertex, LETTERS } from './board.js';
import { setupNewGameDialog } from './newgame.js';
import {
  stringAt, sameSet, localTerritory, serverTerritory, moveNumbers, ownershipArray, rulesLabel,
} from './position.js';
import { showSavedGames } from './games.js';
import { playStoneSound, playTickSound } from './sound.js';
import { clockView, clockFace, clockLabel } from './clock.js';
import { setupGameReview, renderGameReview, boardMarks, moveSummary } from './review.js';
import { tree, setTree, refreshTree, renderTree, nodeOf, childrenOf, mainNodeAt, movesTo } from './tree.js';

const $ = (id) => document.getElementById(id);
const STORE_LAST = 'tengen.lastGame';
const STORE_VIEW = 'tengen.view';
const COLOUR_NAME = { black: 'Black', white: 'White' };
const STONE = { black: 'X', white: 'O' };
const other = (c) => (c === 'black' ? 'white' : 'black');

// Sentences for the refusals of a move (the server's `reason`), in the page's own words.
const REASONS = {
  occupied: 'That point is occupied.',
  suicide: 'Suicide is not allowed: that stone would have no liberties.',
  ko: 'Ko: you must play elsewhere first before you retake.',
  superko: 'Superko: that move would repeat an earlier position.',
  'not your turn': 'Please wait: it is tengen\'s turn.',
  'ai thinking': 'Please wait: tengen is still thinking (Space makes it move now).',
  'game over': 'The game is over.',
  'nothing to undo': 'There is no move of yours to take back.',
  busy: 'The server is busy. Trying again in a moment…',
  reviewing: 'tengen is analysing this game: wait for it, or cancel it.',
  'no moves': 'There are no moves to analyse yet.',
};

const state = {
  game: null, // the latest state from the server
  analysis: null, // the latest analysis event for the current position
  lastOwnership: null, // ownership rows of the latest search (kept for the heat map)
  stream: null, // EventSource of the current game
  pending: false, // a play/pass/undo/resign/score/stop request is in flight
  actions: 0, // requests of the player so far: a genmove answer older than one is stale
  genmoveInFlight: false,
  genmoveRetry: null,
  review: null, // { n, pos } while reviewing: the board after n moves; { n, pos, node, side } in a variation
  localDead: null, // Set of vertices while the player disputes dead stones
  analyzeMode: false, // "Analyze" is on: each turn of the player, and the position reviewed, is searched
  analyzeInFlight: false,
  analyzedAt: null, // the position whose analysis the page started ('now N' or 'past N'; not again after its cap)
  reviewAnalysis: null, // the latest analysis event of the position reviewed
  pastAsked: new Set(), // move numbers of past positions whose analysis the page asked for
  hint: null, // { n, move }: the move suggested at move n
  hintWanted: null, // { n, any }: a hint waits for the analysis of move n (any: its next event)
  view: { ownership: false, graph: true, numbers: false, cands: true, confirm: true, sound: false },
  clockAt: 0, // performance.now() when the state's clocks were read: the running one ticks from there
  clockTimer: null,
  flagAsked: false, // the running clock showed 0: the server was asked once for the loss on time
  lastTick: null, // the last second a tick sounded at
};

let board;

function loadView() {
  try {
    Object.assign(state.view, JSON.parse(localStorage.getItem(STORE_VIEW) || '{}'));
  } catch (e) {
    /* a damaged setting is not worth a message */
  }
}

function saveView() {
  try {
    localStorage.setItem(STORE_VIEW, JSON.stringify(state.view));
  } catch (e) {
    /* private mode: settings last for the session */
  }
}

function rememberGame(id) {
  try {
    if (id) localStorage.setItem(STORE_LAST, id);
    else localStorage.removeItem(STORE_LAST);
  } catch (e) {
    /* the URL hash still has it */
  }
  const hash = id ? '#game=' + encodeURIComponent(id) : '';
  if (location.hash !== hash) history.replaceState(null, '', location.pathname + location.search + hash);
}

function gameIdFromHash() {
  const m = /(?:^#|&)game=([A-Za-z0-9_-]{1,64})/.exec(location.hash);
  return m ? m[1] : null;
}

// ---- messages ----

let messageTimer = null;
function showMessage(text, kind = 'error', sticky = false) {
  // The live region stays in the page (empty when there is nothing to say), so that screen
  // readers announce every new message.
  const m = $('message');
  clearTimeout(messageTimer);
  if (!text) {
    m.textContent = '';
    return;
  }
  m.textContent = text;
  m.className = 'message' + (kind === 'info' ? ' info' : '');
  if (!sticky) messageTimer = setTimeout(() => showMessage(null), 8000);
}

function explain(err) {
  if (err instanceof ApiError) {
    const reason = err.body && err.body.reason;
    if (reason && REASONS[reason]) return REASONS[reason];
    return err.message;
  }
  return String(err && err.message ? err.message : err);
}

// ---- loading and following a game ----

// Returns 'ok', 'missing' (no such game: forgotten) or 'error' (the server does not answer:
// the id is kept and the event stream keeps trying, so the game comes back with the server).
async function loadGame(id, { quiet = false } = {}) {
  try {
    const g = await api.getGame(id);
    openGame(g);
    return 'ok';
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      if (!quiet) showMessage('That game no longer exists.');
      rememberGame(null);
      closeGame();
      return 'missing';
    }
    showMessage(explain(err), 'error', true);
    followGame(id);
    return 'error';
  }
}

function openGame(g) {
  const changed = !state.game || state.game.id !== g.id;
  if (changed) {
    state.analysis = null;
    state.lastOwnership = null;
    clearReview();
    state.localDead = null;
    state.analyzeMode = false;
    state.analyzedAt = state.hint = state.hintWanted = null;
    state.pastAsked.clear();
    if (board) board.clearPending();
  }
  rememberGame(g.id);
  applyState(g);
  if (changed || !state.stream || state.stream.readyState === EventSource.CLOSED) followGame(g.id);
}

function closeGame() {
  if (state.stream) state.stream.close();
  state.stream = null;
  state.game = null;
  state.analysis = null;
  clearReview();
  state.localDead = null;
  state.analyzeMode = false;
  state.analyzedAt = state.hint = state.hintWanted = null;
  state.pastAsked.clear();
  render();
}

// One event stream per game: state changes (also from other tabs) and the live analysis.
function followGame(id) {
  if (state.stream) state.stream.close();
  const es = api.follow(id);
  state.stream = es;
  es.addEventListener('state', (ev) => {
    if (state.stream !== es) return;
    try {
      const g = JSON.parse(ev.data);
      if (state.game && g.id !== state.game.id) return;
      if (!state.game) rememberGame(g.id);
      applyState(g);
      $('message').dataset.offline = '';
    } catch (e) {
      /* a broken event is skipped; the next one has the whole state */
    }
  });
  es.addEventListener('analysis', (ev) => {
    if (state.stream !== es) return;
    try {
      onAnalysis(JSON.parse(ev.data));
    } catch (e) {
      /* as above */
    }
  });
  // A review's progress: its whole data, as the state's `review`.
  es.addEventListener('review', (ev) => {
    if (state.stream !== es || !state.game) return;
    try {
      state.game.review = JSON.parse(ev.data);
      renderGameReview(state.game, state.review ? state.review.n : null);
      renderReview();
      renderBoard();
    } catch (e) {
      /* as above */
    }
  });
  es.addEventListener('deleted', () => {
    if (state.stream !== es) return;
    showMessage('This game was deleted.', 'info');
    rememberGame(null);
    closeGame();
  });
  es.addEventListener('open', () => {
    if (state.stream === es && $('message').dataset.offline === 'yes') {
      $('message').dataset.offline = '';
      showMessage('Connected to the server again.', 'info');
    }
  });
  es.addEventListener('error', () => {
    if (state.stream !== es || es.readyState === EventSource.OPEN) return;
    if (es.readyState === EventSource.CLOSED) {
      // The server answered with an error (the game was deleted, or the server was stopping),
      // and the browser does not retry that: look again in a moment.
      setTimeout(() => {
        if (state.stream === es) loadGame(id);
      }, 2000);
    }
    $('message').dataset.offline = 'yes';
    showMessage('Lost the connection to the server; reconnecting… Your game is saved.', 'error', true);
  });
}

function applyState(g) {
  const prev = state.game;
  state.game = g;
  state.clockAt = performance.now();
  state.flagAsked = false;
  if (!g.ai_thinking && !g.analyzing) {
    // The last search of the game (also right after a reload): its ownership is the heat map's.
    state.lastOwnership = g.last_analysis ? g.last_analysis.ownership : null;
  }
  if (prev && prev.id === g.id) {
    const moved = prev.move_number !== g.move_number || prev.phase !== g.phase;
    if (state.view.sound && g.move_number === prev.move_number + 1 && g.last_move && g.last_move !== 'pass') {
      const taken = (c) => (c ? c.black + c.white : 0);
      playStoneSound(taken(g.captures) - taken(prev.captures));
    }
    if (moved && !g.ai_thinking) state.analysis = null;
    if (moved) state.analyzedAt = state.hint = state.hintWanted = null;
    if (g.move_number < prev.move_number) {
      // Moves taken back: a position reviewed before may be played differently now.
      state.reviewAnalysis = null;
      state.pastAsked.clear();
    }
    if (g.phase !== 'scoring' && g.phase !== 'over') state.localDead = null;
    if (prev.phase === 'scoring' && g.phase === 'scoring' && prev.move_number !== g.move_number) state.localDead = null;
  }
  if (state.review && !state.review.side && state.review.n > g.move_number) clearReview();
  render();
  loadTree(g);
  maybeAskAi();
  maybeAnalyze();
}

function onAnalysis(a) {
  const g = state.game;
  if (!g) return;
  const reviewed = isOfReview(a);
  if (reviewed) state.reviewAnalysis = a;
  const ofNode = a.node !== undefined && a.node !== null;
  if (ofNode || a.move_number !== g.move_number) {
    // An event about another position: the one reviewed (a variation's names its node), or one
    // the stream sent ahead of the answers (keep only its ownership for the heat map, unless it
    // is a review's).
    if (a.ownership && !reviewed && !ofNode && !state.pastAsked.has(a.move_number)) state.lastOwnership = a.ownership;
    if (reviewed) {
      renderAnalysis();
      renderBoard();
    }
    return;
  }
  state.analysis = a;
  if (a.ownership) state.lastOwnership = a.ownership;
  const want = state.hintWanted;
  if (want && want.n === a.move_number && a.best && (a.final || want.any)) {
    state.hintWanted = null;
    showHint(a.best, a.move_number);
  }
  renderAnalysis();
  renderBoard();
  renderGraph();
}

// ---- the AI's turn ----

function isAiTurn(g) {
  return g && g.phase === 'play' && g.ai && g.to_move === g.ai.color && !g.ai_thinking;
}

async function maybeAskAi() {
  const g = state.game;
  if (!isAiTurn(g) || state.genmoveInFlight || state.pending) return;
  clearTimeout(state.genmoveRetry);
  state.genmoveInFlight = true;
  renderStatus();
  const id = g.id;
  const actions = state.actions;
  try {
    const ng = await api.genmove(id);
    state.genmoveInFlight = false;
    // After an undo (or a move now) meanwhile, that answer or the stream has the newer state.
    if (state.game && state.game.id === id && state.actions === actions) applyState(ng);
    else render();
  } catch (err) {
    state.genmoveInFlight = false;
    if (!state.game || state.game.id !== id) return;
    if (err instanceof ApiError && err.status === 429) {
      showMessage(REASONS.busy, 'info');
      state.genmoveRetry = setTimeout(maybeAskAi, 1500);
    } else if (err instanceof ApiError && err.status === 409) {
      // Thinking already (another tab asked) or the game moved on: the stream brings the state.
      loadGame(id, { quiet: true });
    } else {
      showMessage(explain(err) + ' Press U to undo, or reload to try again.', 'error', true);
    }
    renderStatus();
  }
}

// ---- the player's actions ----

function canHumanPlay() {
  const g = state.game;
  return g && !isReviewing() && g.phase === 'play' && g.to_move === g.human && !g.ai_thinking && !state.genmoveInFlight && !state.pending;
}

async function act(fn, { after } = {}) {
  if (state.pending || !state.game) return;
  state.pending = true;
  state.actions++;
  renderButtons();
  const id = state.game.id;
  try {
    const g = await fn(id);
    state.pending = false;
    showMessage(null);
    if (state.game && state.game.id === id) applyState(g);
    if (after) after(g);
  } catch (err) {
    state.pending = false;
    showMessage(explain(err));
    renderButtons();
    if (err instanceof ApiError && err.status === 404) {
      rememberGame(null);
      closeGame();
    }
  }
}

// A running game review ends when the game changes (the positions it has done are kept): ask
// before a move, a pass or an undo ends it. Resolves true when the action may go on.
async function reviewMayEnd(action) {
  const g = state.game;
  if (!g || !g.reviewing) return true;
  const rv = g.review;
  const progress = rv ? ` (${rv.done} of ${rv.total} positions)` : '';
  const yes = await askConfirm({
    title: 'Stop the game review?',
    text: `tengen is analysing this game${progress}. ${action} stops it; the positions done are kept.`,
    ok: 'Stop it',
  });
  const now = state.game;
  return yes && !!now && now.id === g.id && now.move_number === g.move_number;
}

async function onBoardClick(v) {
  const g = state.game;
  if (!g) {
    openNewGame();
    return;
  }
  if (isReviewing()) {
    tryMove(v);
    return;
  }
  if (g.phase === 'scoring' || (g.phase === 'over' && g.end === 'passes')) {
    toggleDead(v);
    return;
  }
  if (g.phase === 'over') {
    showMessage('The game is over. Start a new game with N.', 'info');
    return;
  }
  if (g.ai_thinking || state.genmoveInFlight || g.to_move !== g.human) {
    showMessage(REASONS['not your turn'], 'info');
    return;
  }
  if (state.pending) return;
  if (!(await reviewMayEnd('Playing now'))) return;
  // The server judges every move (occupied, suicide, ko, superko): one source of truth.
  act((id) => api.play(id, v));
}

// An in-page question with two buttons (Cancel has the focus; Escape cancels). Resolves true
// when the action is confirmed.
function askConfirm({ title, text, ok, danger = false }) {
  const dlg = $('dlg-confirm');
  if (dlg.open) return Promise.resolve(false);
  $('dlg-confirm-title').textContent = title;
  $('dlg-confirm-text').textContent = text;
  const okBtn = $('confirm-ok');
  okBtn.textContent = ok;
  okBtn.className = danger ? 'danger' : 'primary';
  return new Promise((resolve) => {
    const done = (yes) => {
      okBtn.removeEventListener('click', onOk);
      $('confirm-cancel').removeEventListener('click', onCancel);
      dlg.removeEventListener('close', onClose);
      if (dlg.open) dlg.close();
      resolve(yes);
    };
    const onOk = () => done(true);
    const onCancel = () => done(false);
    const onClose = () => done(false); // Escape
    okBtn.addEventListener('click', onOk);
    $('confirm-cancel').addEventListener('click', onCancel);
    dlg.addEventListener('close', onClose);
    dlg.showModal();
    $('confirm-cancel').focus();
  });
}

// Why a pass now can end the game: tengen has just passed (two passes in a row end it), or
// tengen leads by its own estimate and may pass back. null: the game goes on after the pass.
function passEndsGame(g) {
  if (g.last_move === 'pass' && g.move_number > 0) {
    return 'tengen has just passed. If you pass too, the game ends and is counted.';
  }
  const w = g.ai_move && typeof g.ai_move.winrate === 'number' ? g.ai_move.winrate : null;
  if (w !== null && (g.human === 'black' ? 1 - w : w) >= 0.5) {
    return 'tengen leads and may pass back: when both pass, the game ends and is counted.';
  }
  return null;
}

async function pass() {
  if (!canHumanPlay()) {
    if (state.game && state.game.phase === 'play') showMessage(REASONS['not your turn'], 'info');
    return;
  }
  const g = state.game;
  if (!(await reviewMayEnd('Passing now'))) return;
  const why = passEndsGame(g);
  if (why) {
    const yes = await askConfirm({ title: 'Pass?', text: why, ok: 'Pass' });
    const now = state.game;
    if (!yes || !now || now.id !== g.id || now.move_number !== g.move_number || !canHumanPlay()) return;
  }
  act((id) => api.play(id, 'pass'));
}

// While tengen thinks, undo stops it at once and takes back its move with yours.
async function undo() {
  const g = state.game;
  if (!g || state.pending) return;
  if (!(await reviewMayEnd('Taking back moves'))) return;
  if (isReviewing()) exitReview();
  clearTimeout(state.genmoveRetry);
  act((id) => api.undo(id));
}

function resign() {
  const g = state.game;
  if (!g || g.phase === 'over' || state.pending) return;
  askConfirm({ title: 'Resign?', text: 'tengen wins the game by resignation.', ok: 'Resign', danger: true }).then((yes) => {
    const now = state.game;
    if (yes && now && now.id === g.id && now.phase !== 'over' && !state.pending) act((id) => api.resign(id));
  });
}

function isThinking() {
  const g = state.game;
  return !!g && g.phase === 'play' && (g.ai_thinking || state.genmoveInFlight);
}

// "Move now": tengen plays the best move it has found so far.
function moveNow() {
  if (!isThinking() || state.pending) return;
  act((id) => api.stop(id));
}

// ---- analysis on the player's turn, and hints ----

const HINT_SECONDS = 1.5;

// What "Analyze" searches now: { key, move } for a position of the past shown in a review,
// { key, node } for a variation's position, { key } for the current position (on the player's
// turn, or reviewed at the last move while the game goes on); null for nothing now.
function analysisTarget() {
  const g = state.game;
  // A review of the game holds the game's search: the analysis waits for it (the server would
  // refuse it).
  if (!state.analyzeMode || !g || state.pending || g.reviewing) return null;
  if (!isReviewing()) return canHumanPlay() ? { key: `now ${g.move_number}` } : null;
  const r = state.review;
  if (g.ai_thinking || state.genmoveInFlight) return null; // the server waits for tengen's move
  if (r && r.side) return { key: `node ${r.node}`, node: r.node };
  if (!r || reviewTarget !== r.n) return null; // another position is on its way
  if (r.n === g.move_number) return g.phase === 'play' ? { key: `now ${r.n}` } : null;
  return { key: `past ${r.n}`, move: r.n };
}

// A position other than the current one: of the past, or of a variation.
const isPastKey = (key) => typeof key === 'string' && (key.startsWith('past') || key.startsWith('node'));

// While "Analyze" is on, the server searches each position where it is the player's turn, until
// the player moves (the server ends the analysis then), turns it off, or its time cap; in a
// review, the position shown, until the player steps to another (a new analysis replaces it on
// the server) or leaves the review.
async function maybeAnalyze() {
  const g = state.game;
  if (!g) return;
  const t = analysisTarget();
  if (!t) {
    // Back from a review with nothing to analyse now: the past position's search ends.
    if (!isReviewing() && g.analyzing && isPastKey(state.analyzedAt) && !state.analyzeInFlight) {
      state.analyzedAt = null;
      api.stopAnalysis(g.id).catch(() => {});
    }
    return;
  }
  if (state.analyzeInFlight || state.analyzedAt === t.key) return;
  // A search of the current position that runs already (a hint's, another tab's) goes on.
  if (!isPastKey(t.key) && g.analyzing && !isPastKey(state.analyzedAt)) return;
  state.analyzedAt = t.key;
  if (t.move !== undefined) state.pastAsked.add(t.move);
  state.analyzeInFlight = true;
  const id = g.id;
  const actions = state.actions;
  try {
    const where = t.node !== undefined ? { node: t.node } : t.move !== undefined ? { move: t.move } : undefined;
    const ng = await api.analyze(id, where);
    if (!state.analyzeMode) api.stopAnalysis(id).catch(() => {}); // turned off meanwhile
    else if (state.game && state.game.id === id && state.actions === actions) applyState(ng);
  } catch (err) {
    if (state.game && state.game.id === id) showMessage(explain(err), 'info');
  } finally {
    state.analyzeInFlight = false;
    renderButtons();
    // The player may have stepped to another position meanwhile.
    if (state.game && state.game.id === id) maybeAnalyze();
  }
}

// Steps through a review come quickly: the position shown is analysed once it stays a moment.
let analyzeTimer = null;
function analyzeSoon() {
  clearTimeout(analyzeTimer);
  analyzeTimer = setTimeout(maybeAnalyze, 150);
}

function toggleAnalyze() {
  const g = state.game;
  if (!g || (!isReviewing() && g.phase !== 'play')) return;
  state.analyzeMode = !state.analyzeMode;
  if (state.analyzeMode) {
    state.analyzedAt = null;
    const r = state.review;
    if (r && !r.side && r.n === g.move_number && g.phase !== 'play') {
      announce('The end of a finished game is not analysed: step back with ← to analyse a move before it.');
    } else if (isReviewing() && (g.ai_thinking || state.genmoveInFlight)) {
      announce('The analysis starts once tengen has moved.');
    } else if (!isReviewing() && !canHumanPlay()) {
      announce('The analysis starts on your turn.');
    }
    maybeAnalyze();
  } else if (g.analyzing) {
    state.analyzedAt = null;
    api.stopAnalysis(g.id).catch((err) => showMessage(explain(err)));
  }
  renderButtons();
  renderBoard();
  renderAnalysis();
}

function showHint(move, n) {
  state.hint = { n, move };
  announce(move === 'pass' ? 'Hint: tengen would pass.' : `Hint: tengen would play ${move}.`);
  renderBoard();
}

// The best move of the analysis of this position, or of a short one started for it.
function hint() {
  const g = state.game;
  if (!canHumanPlay()) {
    if (g && g.phase === 'play' && !isReviewing()) showMessage(REASONS['not your turn'], 'info');
    return;
  }
  const a = state.analysis;
  if (a && a.move_number === g.move_number && a.best) {
    showHint(a.best, g.move_number);
    return;
  }
  // An analysis that runs (or is being started) answers with its next event.
  const running = !!g.analyzing || state.analyzeInFlight;
  state.hintWanted = { n: g.move_number, any: running };
  if (running) return;
  announce('tengen looks for a good move…');
  api.analyze(g.id, { seconds: HINT_SECONDS }).catch((err) => {
    state.hintWanted = null;
    showMessage(explain(err));
  });
}

// ---- scoring: the player may change the dead stones before (and after) the count ----

function currentDead() {
  const g = state.game;
  if (state.localDead) return state.localDead;
  return new Set(g && g.scoring ? g.scoring.dead : []);
}

function toggleDead(v) {
  const g = state.game;
  const p = parseVertex(g.size, v);
  if (!p || g.board[p.y][p.x] === '.') {
    showMessage('Click a stone to mark its group dead or alive.', 'info');
    return;
  }
  const dead = new Set(currentDead());
  const group = stringAt(g, p);
  const makeDead = !dead.has(group[0]);
  for (const s of group) {
    if (makeDead) dead.add(s);
    else dead.delete(s);
  }
  const word = makeDead ? 'dead' : 'alive';
  if (g.phase === 'over') {
    // After a count: count again at once with the new list.
    act((id) => api.score(id, [...dead]), {
      after: (ng) => announce(`Marked ${group.length} stone${group.length > 1 ? 's' : ''} ${word}. ${ng.result_text || ''}`),
    });
    return;
  }
  state.localDead = dead;
  announce(`Marked ${group.length} stone${group.length > 1 ? 's' : ''} ${word}. Accept the count when you agree.`);
  render();
}

function acceptScore() {
  const g = state.game;
  if (!g || g.phase !== 'scoring') return;
  const proposed = new Set(g.scoring ? g.scoring.dead : []);
  const dead = currentDead();
  const send = sameSet(dead, proposed) ? undefined : [...dead];
  act((id) => api.score(id, send));
}

// ---- review: step through the moves (GET /position) ----

// reviewTarget: the move asked for last, set at once so that quick key presses add up while the
// positions are still on their way.
let reviewToken = 0;
let reviewTarget = null;
async function reviewTo(n) {
  const g = state.game;
  if (!g) return;
  n = Math.max(0, Math.min(g.move_number, n));
  reviewTarget = n;
  const token = ++reviewToken;
  try {
    const pos = await api.position(g.id, n);
    if (token !== reviewToken || !state.game || state.game.id !== g.id) return;
    state.review = { n, pos };
    if (state.reviewAnalysis && state.reviewAnalysis.move_number !== n) state.reviewAnalysis = null;
    render();
    if (state.analyzeMode) analyzeSoon();
  } catch (err) {
    if (token === reviewToken) reviewTarget = state.review ? state.review.n : null;
    showMessage(explain(err));
  }
}

function reviewStep(delta) {
  const g = state.game;
  if (!g) return;
  const r = state.review;
  if (r && r.side) {
    // Along the variation shown: back to its parent, on to its first child.
    const n = nodeOf(r.node);
    const next = delta < 0 ? n && n.parent : childrenOf(r.node)[0];
    if (next !== undefined && next !== null) goToNode(next);
    return;
  }
  const active = state.review || reviewTarget !== null;
  if (!active && delta > 0) return;
  const from = reviewTarget !== null ? reviewTarget : state.review ? state.review.n : g.move_number;
  reviewTo(from + delta);
}

// Reviewing, or about to (a position is on its way).
function isReviewing() {
  return !!state.review || reviewTarget !== null;
}

function clearReview() {
  closeCommentEditor();
  reviewToken++;
  reviewTarget = null;
  state.review = null;
  state.reviewAnalysis = null;
}

function exitReview() {
  clearReview();
  render();
  maybeAnalyze();
}

// A new game from the reviewed position (the original game stays as it was): the server copies
// the setup and the first n moves with the game's settings, whatever the order of the colours,
// or a variation's position (its moves the new game's), and the whole game tree.
async function continueFromReview() {
  const g = state.game;
  const r = state.review;
  if (!g || !r) return;
  const n = r.n;
  try {
    const ng = r.side ? await api.copyNode(g.id, r.node) : await api.copy(g.id, n);
    // The analysis of the reviewed position is of no use once the new game is shown.
    if (isPastKey(state.analyzedAt)) api.stopAnalysis(g.id).catch(() => {});
    clearReview();
    openGame(ng);
    const from = r.side ? `move ${n} of the variation` : `move ${n}`;
    showMessage(`A new game from ${from}; the original game is kept in Saved games.`, 'info');
  } catch (err) {
    showMessage(explain(err));
  }
}

// ---- the game tree: variations, trying moves, comments (tree.js draws it) ----

// Fetch the tree when the game's moves or its file changed; a variation shown that is gone (an
// undo took its branch point back, another tab deleted it) ends the review.
async function loadTree(g) {
  try {
    if (!(await refreshTree(g))) return;
  } catch (err) {
    return; // the next state asks again
  }
  const r = state.review;
  if (r && r.side && !nodeOf(r.node)) exitReview();
  else renderTreeCard();
}

// The node shown: the variation's, the main line's position reviewed, or the game's last.
function currentNode() {
  const g = state.game;
  const r = state.review;
  if (!g) return null;
  if (r && r.side) return r.node;
  return mainNodeAt(r ? r.n : g.move_number);
}

// Show a node: a node of the main line is a review of that move; a variation's position is
// asked of the server.
async function goToNode(id) {
  const g = state.game;
  const n = nodeOf(id);
  if (!g || !n) return;
  if (n.main) {
    await reviewTo(n.number);
    return;
  }
  const token = ++reviewToken;
  reviewTarget = null;
  try {
    const pos = await api.treeNode(g.id, id);
    if (token !== reviewToken || !state.game || state.game.id !== g.id) return;
    closeCommentEditor();
    state.review = { n: n.number, pos, node: id, side: true };
    state.reviewAnalysis = null;
    render();
    if (state.analyzeMode) analyzeSoon();
  } catch (err) {
    showMessage(explain(err));
  }
}

// Another variation at the same point of the tree (ArrowUp: the one before, ArrowDown: after).
function switchVariation(delta) {
  const id = currentNode();
  const n = nodeOf(id);
  if (!n || n.parent === null) return;
  const siblings = childrenOf(n.parent);
  const next = siblings[siblings.indexOf(id) + delta];
  if (next === undefined) {
    announce(siblings.length > 1 ? 'No other variation that way.' : 'There is no other variation here.');
    return;
  }
  goToNode(next);
}

// A move tried on the board while studying: a new node after the one shown (or the one it
// already is), never a move of the game.
async function tryMove(v) {
  const g = state.game;
  const at = currentNode();
  if (!g) return;
  if (at === null) {
    // No game tree here (the browser's own engine keeps none): only the game itself is played.
    showMessage('You are reviewing the game: press “Back to the game” or “Play on from here” to play.', 'info');
    return;
  }
  try {
    const answer = await api.treeMove(g.id, at, v);
    if (!state.game || state.game.id !== g.id) return;
    setTree(g, answer);
    await goToNode(answer.node);
  } catch (err) {
    showMessage(explain(err));
  }
}

async function deleteVariation() {
  const g = state.game;
  const r = state.review;
  if (!g || !r || !r.side) return;
  const kids = childrenOf(r.node).length;
  const ok = await askConfirm({
    title: 'Delete this variation?',
    text: `Move ${r.n} of the variation${kids ? ' and every move after it' : ''} will be deleted.`,
    ok: 'Delete',
    danger: true,
  });
  if (!ok) return;
  try {
    const answer = await api.treeDelete(g.id, r.node);
    setTree(g, answer);
    await goToNode(answer.node);
  } catch (err) {
    showMessage(explain(err));
  }
}

function closeCommentEditor() {
  const box = $('rv-comment-edit');
  if (box) box.hidden = true;
}

function openCommentEditor() {
  const r = state.review;
  if (!r) return;
  $('rv-comment-text').value = shownComment() || '';
  $('rv-comment-edit').hidden = false;
  $('rv-comment-text').focus();
}

async function saveComment() {
  const g = state.game;
  const at = currentNode();
  if (!g || at === null) return;
  const text = $('rv-comment-text').value;
  try {
    const answer = await api.treeComment(g.id, at, text);
    setTree(g, answer);
    const r = state.review;
    if (r && r.side && r.node === at) r.pos = { ...r.pos, comment: text || null };
    else if (g.comments) g.comments[String(nodeOf(at).number)] = text;
    closeCommentEditor();
    render();
  } catch (err) {
    showMessage(explain(err));
  }
}

// The comment of the position reviewed.
function shownComment() {
  const g = state.game;
  const r = state.review;
  if (!g || !r) return '';
  if (r.side) return r.pos.comment || '';
  return (g.comments && g.comments[String(r.n)]) || '';
}

function renderTreeCard() {
  const g = state.game;
  const has = !!g && tree.gameId === g.id && tree.nodes.length > 1;
  $('tree-card').hidden = !has;
  if (has) renderTree($('tree-view'), currentNode(), goToNode);
}

// ---- rendering ----

function render() {
  renderBoard();
  renderPlayers();
  renderStatus();
  renderButtons();
  renderAnalysis();
  renderGraph();
  renderReview();
  renderGameReview(state.game, state.review ? state.review.n : null);
  renderTreeCard();
}

function renderBoard() {
  const g = state.game;
  $('empty-hint').hidden = !!g;
  if (!g) {
    const size = 9;
    board.render({ size, board: Array(size).fill('.'.repeat(size)), preview: null });
    $('board').setAttribute('aria-label', 'Go board (no game yet)');
    return;
  }
  const inScore = !state.review && (g.phase === 'scoring' || (g.phase === 'over' && g.end === 'passes')) && g.scoring;
  const r = state.review;
  const rows = r ? r.pos.board : g.board;
  const lastMove = r ? r.pos.last_move : g.last_move;
  const moves = r ? (r.side ? movesTo(r.node) : g.moves.slice(0, r.n)) : g.moves;
  let dead = new Set();
  let territory = null;
  if (inScore) {
    dead = currentDead();
    territory = state.localDead ? localTerritory(g, dead) : serverTerritory(g);
  }
  const thinking = g.ai_thinking || state.genmoveInFlight;
  // The search whose candidates are drawn: the reviewed position's, or the current one's.
  const a = r ? reviewedAnalysis() : (thinking || g.analyzing || state.analyzeMode) ? state.analysis : null;
  const showCands = state.view.cands && a && a.candidates;
  const toMoveStone = STONE[g.to_move];
  let ownership = null;
  if (state.view.ownership && !inScore) ownership = ownershipArray(r ? a && a.ownership : state.lastOwnership, g.size);
  board.render({
    size: g.size,
    board: rows,
    lastMove: lastMove && lastMove !== 'pass' ? lastMove : null,
    numbers: moveNumbers(moves, g.size),
    showNumbers: state.view.numbers,
    preview: r ? STONE[r.pos.to_move] : canHumanPlay() ? toMoveStone : null,
    ownership,
    territory,
    dead,
    candidates: showCands ? byVisits(a.candidates).map((c) => ({ ...c, winrate: forMover(a, c.winrate) })) : null,
    mover: a ? STONE[a.to_move] : null,
    hint: !r && state.hint && state.hint.n === g.move_number ? state.hint.move : null,
    mistake: r && !r.side ? boardMarks(g, r.n) : null,
    markup: shownMarkup(),
  });
  $('board').classList.toggle('busy', thinking);
  const n = r ? r.n : g.move_number;
  $('board').setAttribute('aria-label', `Go board, ${g.size} by ${g.size}, move ${n}` +
    (lastMove ? `, last move ${lastMove}` : '') + '. Arrow keys move the cursor, Enter plays.');
}

// Is analysis event a about the position reviewed (a variation's names its node)?
function isOfReview(a) {
  const r = state.review;
  if (!r || !a) return false;
  const node = a.node === undefined ? null : a.node;
  return r.side ? node === r.node : node === null && a.move_number === r.n;
}

// The markup (triangles, squares, circles, crosses, labels) of the node shown, from the tree.
function shownMarkup() {
  const g = state.game;
  if (!g || tree.gameId !== g.id) return null;
  const n = nodeOf(currentNode());
  return (n && n.markup) || null;
}

// The analysis of the position reviewed, while "Analyze" is on and it has one; else null.
function reviewedAnalysis() {
  const a = state.reviewAnalysis;
  return state.analyzeMode && isOfReview(a) ? a : null;
}

// The candidates, most visited first.
function byVisits(cands) {
  return [...cands].sort((x, y) => (y.visits || 0) - (x.visits || 0));
}

// A win rate (Black's, as the server sends it) for the player to move in analysis a.
function forMover(a, winrate) {
  return a.to_move === 'black' ? winrate : 1 - winrate;
}

function aiName(g) {
  return g && g.ai ? g.ai.color : null;
}

// "Honinbo Shusaku 7d" for an imported game's player (the rank from its file), '' if unnamed.
function playerLabel(g, c) {
  const name = g.players[c] || '';
  const rank = g.info && g.info[c + '_rank'];
  return rank && name ? `${name} ${rank}` : name;
}

// "setup: 5 stones, 0 moves": a position set up in a file is not an empty game.
function movesText(g) {
  const moves = `${g.move_number} move${g.move_number === 1 ? '' : 's'}`;
  return g.setup_stones ? `setup: ${g.setup_stones} stone${g.setup_stones === 1 ? '' : 's'}, ${moves}` : moves;
}

// ---- the clocks ----

// Draw both clocks, the running one as it stands now (ticked locally between the server's
// events). When it shows 0 the server is asked once for the state: the loss on time.
function renderClocks() {
  const g = state.game;
  const k = g && g.clock;
  let running = false;
  for (const c of ['black', 'white']) {
    const el = $('clock-' + c);
    el.hidden = !k;
    if (!k) continue;
    const runs = k.running === c && g.phase === 'play';
    const elapsed = runs ? (performance.now() - state.clockAt) / 1000 : 0;
    const v = clockView(k, k[c], elapsed);
    const face = clockFace(k, v);
    el.querySelector('.clock-time').textContent = face.time;
    el.querySelector('.clock-extra').textContent = face.extra;
    el.classList.toggle('running', runs);
    el.classList.toggle('low', face.low);
    el.classList.toggle('flagged', k.flagged === c);
    el.setAttribute('aria-label', `${COLOUR_NAME[c]}'s clock: ${face.words}${runs ? ', running' : ''}`);
    if (!runs) continue;
    running = true;
    if (v.left <= 0 && !state.flagAsked) {
      state.flagAsked = true;
      const id = g.id;
      setTimeout(() => {
        if (state.game && state.game.id === id && state.game.phase === 'play') loadGame(id, { quiet: true });
      }, 300);
    }
    // A tick each second of the player's own last seconds, with the sounds on.
    const second = Math.ceil(v.overtime ? v.period : v.main);
    if (state.view.sound && c === g.human && face.low && v.left > 0 && second !== state.lastTick) {
      state.lastTick = second;
      playTickSound();
    }
  }
  if (running && !state.clockTimer) state.clockTimer = setInterval(renderClocks, 100);
  if (!running && state.clockTimer) {
    clearInterval(state.clockTimer);
    state.clockTimer = null;
  }
}

function renderPlayers() {
  const g = state.game;
  renderClocks();
  for (const c of ['black', 'white']) {
    const card = $('player-' + c);
    $('caps-' + c).textContent = g ? g.captures[c] : 0;
    // The names of an imported game's players, from its file: text only, never HTML.
    $('role-' + c).textContent = !g ? '' : g.players ? playerLabel(g, c) : g.human === c ? '(you)' : '(tengen)';
    card.classList.toggle('to-move', !!g && g.phase === 'play' && !state.review && g.to_move === c);
    card.setAttribute('aria-current', g && g.phase === 'play' && g.to_move === c ? 'true' : 'false');
  }
  if (!g) {
    $('game-info').textContent = '';
    return;
  }
  const parts = [`${g.size}×${g.size}`, rulesLabel(g.rules) + ' rules', `komi ${g.komi}`];
  if (g.handicap) parts.push(`handicap ${g.handicap}`);
  if (g.setup_stones && !g.handicap) parts.push(`setup: ${g.setup_stones} stone${g.setup_stones === 1 ? '' : 's'}`);
  if (g.info) for (const k of ['event', 'date', 'result']) if (g.info[k]) parts.push(k === 'result' ? `file's result ${g.info[k]}` : g.info[k]);
  if (g.variations_dropped) parts.push(`${g.variations_dropped} variation${g.variations_dropped === 1 ? '' : 's'} of the file not imported`);
  if (g.clock) parts.push(`clock: ${clockLabel(g.clock)}`);
  if (g.ai && g.ai.engine === 'ab') {
    parts.push(g.ai.playouts ? `tengen: alpha-beta, ${g.ai.playouts.toLocaleString('en')} positions` : `tengen: alpha-beta, ${g.ai.seconds} s a move`);
  } else if (g.ai) {
    parts.push(g.ai.playouts ? `tengen: ${g.ai.playouts.toLocaleString('en')} playouts` : `tengen: ${g.ai.seconds} s a move`);
  }
  $('game-info').textContent = parts.join(' · ');
}

let lastStatus = '';
function statusText() {
  const g = state.game;
  if (!g) return 'Start a new game to play against tengen.';
  if (state.review) {
    const pos = state.review.pos;
    const lm = pos.last_move ? `: ${COLOUR_NAME[other(pos.to_move)]} ${pos.last_move === 'pass' ? 'passed' : 'played ' + pos.last_move}` : '';
    if (state.review.side) return `Variation, move ${state.review.n}${lm}. Click the board to try a move.`;
    return `Reviewing move ${state.review.n} of ${g.move_number}${lm}.`;
  }
  if (g.phase === 'over') return g.result_text || `Game over: ${g.result}.`;
  if (g.phase === 'scoring') {
    const changed = state.localDead && g.scoring && !sameSet(state.localDead, new Set(g.scoring.dead));
    if (changed) return 'Counting: you changed the dead stones. Accept to count.';
    return `Counting: ${g.scoring && g.scoring.text ? g.scoring.text : ''} Click a group to dispute; accept when you agree.`;
  }
  const ai = aiName(g);
  if (g.ai_thinking || state.genmoveInFlight) return `tengen (${COLOUR_NAME[ai]}) is thinking…`;
  // Say where tengen played: the one thing a screen reader user cannot see.
  let lm = '';
  if (g.ai_move && g.ai_move.move === 'pass') lm = 'tengen passed. ';
  else if (g.ai_move && g.ai_move.move) lm = `tengen played ${g.ai_move.move}. `;
  else if (g.last_move === 'pass' && g.move_number > 0) lm = `${COLOUR_NAME[other(g.to_move)]} passed. `;
  if (g.to_move === g.human) return `${lm}Your move (${COLOUR_NAME[g.human]}).`;
  return `${lm}tengen's move (${COLOUR_NAME[ai]}).`;
}

// The count in numbers under the result: "Black 24 · White 0.5 (area counting, komi 0.5)".
function scoreDetail() {
  const g = state.game;
  if (!g || isReviewing() || !g.scoring || (g.phase !== 'scoring' && g.end !== 'passes')) return '';
  const sc = g.scoring;
  const d = sc.detail || {};
  let s = `Black ${sc.black} · White ${sc.white} (${sc.method} counting, komi ${d.komi ?? g.komi}`;
  if (d.handicap_bonus) s += `, handicap bonus ${d.handicap_bonus}`;
  s += ')';
  if (state.localDead && !sameSet(state.localDead, new Set(sc.dead))) s += ' before your changes';
  return s + '.';
}

function renderStatus() {
  const text = statusText();
  if (text !== lastStatus) {
    $('status').textContent = text;
    lastStatus = text;
  }
  $('score-detail').textContent = scoreDetail();
  const g = state.game;
  const thinking = !!g && (g.ai_thinking || state.genmoveInFlight);
  $('thinking').hidden = !thinking;
  $('ai-idle').hidden = thinking;
  const r = state.review;
  $('ai-idle').textContent = r && reviewedAnalysis() ? `tengen's view of move ${r.n}`
    : g && g.analyzing && !r ? 'tengen analyses this position…' : 'tengen\'s view';
  document.title = g ? `${text.replace(/\.$/, '')} — tengen` : 'tengen — play Go';
}

// A polite announcement without changing the status line for long.
function announce(text) {
  showMessage(text, 'info');
}

function renderButtons() {
  const g = state.game;
  const reviewing = !!state.review;
  const playing = g && g.phase === 'play' && !reviewing;
  const scoring = g && g.phase === 'scoring' && !reviewing;
  const over = g && g.phase === 'over' && !reviewing;
  $('play-actions').hidden = !playing && !!g;
  $('score-actions').hidden = !scoring;
  $('end-actions').hidden = !over;
  // A game lost on time is not taken back.
  $('btn-undo-end').hidden = !!g && g.end === 'time';
  $('btn-pass').disabled = !canHumanPlay();
  $('btn-stop').hidden = !playing || !isThinking();
  $('btn-stop').disabled = state.pending;
  $('btn-undo').disabled = !g || state.pending || g.move_number === 0;
  $('btn-resign').disabled = !playing || state.pending;
  $('btn-analyze').disabled = !playing;
  $('btn-analyze').setAttribute('aria-pressed', String(!!state.analyzeMode));
  $('rv-analyze').setAttribute('aria-pressed', String(!!state.analyzeMode));
  $('btn-hint').disabled = !canHumanPlay();
  $('btn-score-done').disabled = state.pending;
  const dl = $('btn-download');
  if (g) {
    dl.href = api.sgfUrl(g.id);
    dl.setAttribute('download', `tengen-${g.id}.sgf`);
    dl.removeAttribute('aria-disabled');
  } else {
    dl.removeAttribute('href');
    dl.setAttribute('aria-disabled', 'true');
  }
}

function pct(x) {
  return Math.round(x * 1000) / 10 + '%';
}

// A score lead in points, signed: "+2.5", "−0.5".
function signedPoints(x) {
  return (x < 0 ? '−' : '+') + Math.abs(x).toFixed(1);
}

function renderAnalysis() {
  const g = state.game;
  const r = state.review;
  // In a review: the analysis of the position shown, if any; else the current position's.
  const a = r ? reviewedAnalysis() : state.analysis;
  const bar = $('winbar-black');
  const text = $('winrate-text');
  const table = $('cands');
  let wr = null;
  let lead = null;
  if (a) {
    wr = a.winrate;
    lead = a.score_lead;
  } else if (g) {
    const n = r ? r.n : g.move_number;
    for (let i = n - 1; i >= 0; i--) {
      if (g.evaluations && g.evaluations[i] != null) {
        wr = g.evaluations[i];
        break;
      }
    }
  }
  if (wr == null) {
    bar.style.width = '50%';
    text.textContent = g ? 'tengen\'s win rate appears once it has thought about a move.' : 'Win rate appears while tengen thinks.';
  } else {
    bar.style.width = (wr * 100).toFixed(1) + '%';
    let s = `Black ${pct(wr)} · White ${pct(1 - wr)}`;
    if (lead != null && isFinite(lead)) {
      s += lead >= 0 ? ` · Black leads by ${Math.abs(lead).toFixed(1)}` : ` · White leads by ${Math.abs(lead).toFixed(1)}`;
    }
    if (a && a.playouts) s += ` (${a.playouts.toLocaleString('en')} playouts${r ? `, move ${r.n}` : ''})`;
    text.textContent = s;
  }
  const body = $('cands-body');
  body.replaceChildren();
  const show = a && a.candidates && a.candidates.length && g;
  table.hidden = !show;
  if (show) {
    // Every number of the list is the mover's: say who that is.
    const mover = a.to_move;
    $('cands-side').textContent = `${COLOUR_NAME[mover]} to play: win rate and score lead for ${COLOUR_NAME[mover]}, most visited first`;
    for (const c of byVisits(a.candidates).slice(0, 6)) {
      const tr = document.createElement('tr');
      tr.dataset.cand = c.move;
      const w = forMover(a, c.winrate);
      const blackLead = typeof c.score_lead === 'number' ? c.score_lead : a.score_lead;
      const moverLead = typeof blackLead === 'number' ? (mover === 'black' ? blackLead : -blackLead) : null;
      const cells = [['', c.move], ['', pct(w)], ['lead', moverLead == null ? '' : signedPoints(moverLead)],
        ['', (c.visits || 0).toLocaleString('en')], ['pv', (c.pv || []).slice(1, 7).join(' ')]];
      for (const [cls, val] of cells) {
        const td = document.createElement('td');
        if (cls) td.className = cls;
        td.textContent = val;
        tr.appendChild(td);
      }
      // The candidate's line on the board while the row is pointed at (the Line column says it
      // in words).
      tr.addEventListener('mouseenter', () => board.showLine(c.move));
      tr.addEventListener('mouseleave', () => board.showLine(null));
      body.appendChild(tr);
    }
  }
  // A line shown from the list goes when the pointer has left it (its rows are drawn anew at
  // every report, so their own leave events may never come).
  if (!show || !table.matches(':hover')) board.showLine(null);
}

function renderGraph() {
  const svg = $('graph');
  $('graph-box').hidden = !state.view.graph;
  if (!state.view.graph) return;
  const g = state.game;
  const W = 300;
  const H = 90;
  const pts = [[0, 0.5]];
  if (g && g.evaluations) g.evaluations.forEach((e, i) => e != null && pts.push([i + 1, e]));
  const a = state.analysis;
  if (g && a && (g.ai_thinking || g.analyzing || state.genmoveInFlight) && a.move_number === g.move_number) pts.push([g.move_number + 1, a.winrate]);
  const n = Math.max(10, g ? g.move_number + 1 : 10);
  const X = (i) => (i / n) * W;
  const Y = (w) => (1 - w) * H;
  const NS = 'http://www.w3.org/2000/svg';
  svg.replaceChildren();
  const mk = (name, attrs) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    svg.appendChild(e);
    return e;
  };
  if (pts.length > 1) {
    const line = pts.map(([i, w]) => `${X(i).toFixed(1)},${Y(w).toFixed(1)}`).join(' L');
    mk('path', { d: `M${X(0)},${H} L${line} L${X(pts[pts.length - 1][0]).toFixed(1)},${H} Z`, class: 'area' });
    mk('path', { d: `M${line}`, class: 'curve' });
  }
  mk('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: 'mid' });
  if (g && state.review) mk('line', { x1: X(state.review.n), x2: X(state.review.n), y1: 0, y2: H, class: 'now' });
  const last = pts[pts.length - 1];
  svg.setAttribute('aria-label', pts.length > 1 ? `Black's win rate over the game; now ${pct(last[1])}` : 'Black\'s win rate over the game; no estimate yet');
}

function renderReview() {
  const g = state.game;
  const r = state.review;
  $('review').hidden = !r;
  if (!r || !g) return;
  $('review-pos').textContent = r.side ? `variation, move ${r.n}` : `move ${r.n} of ${g.move_number}`;
  // The comment on this node (0: on the game), as text.
  const comment = shownComment();
  $('review-comment').textContent = comment;
  $('review-comment').hidden = !comment;
  // What the game review says about this move: its points lost and the best move instead.
  const verdict = r.side ? '' : moveSummary(g, r.n);
  $('review-verdict').textContent = verdict;
  $('review-verdict').hidden = !verdict;
  const slider = $('rv-slider');
  slider.max = String(g.move_number);
  slider.value = String(r.n);
  $('rv-first').disabled = $('rv-prev').disabled = r.n === 0;
  $('rv-last').disabled = $('rv-next').disabled = r.side ? !childrenOf(r.node).length : r.n === g.move_number;
  if (r.side) $('rv-last').disabled = false;
  $('rv-continue').disabled = !r.side && r.n === g.move_number && g.phase === 'play';
  $('rv-delete').hidden = !r.side;
  $('rv-comment').hidden = tree.gameId !== g.id;
}

// ---- saved games ----

function openGames() {
  showSavedGames($('dlg-games'), $('games-list'), {
    currentId: state.game ? state.game.id : null,
    resume: (id) => loadGame(id),
    deleted: (id) => {
      if (state.game && state.game.id === id) {
        rememberGame(null);
        closeGame();
      }
    },
    explain,
  });
}

// ---- SGF upload ----

async function uploadSgf(file) {
  if (!file) return;
  if (file.size > 1024 * 1024) {
    showMessage('That file is too large for an SGF game (over 1 MiB).');
    return;
  }
  try {
    const text = await file.text();
    const g = await api.importSgf(text);
    clearReview();
    openGame(g);
    if (g.move_number > 0) await reviewTo(g.move_number);
    let said = g.existing ? `${file.name} was opened before: this is that game (${movesText(g)}).` : `Opened ${file.name}: ${movesText(g)}.`;
    const v = g.variations_dropped;
    if (v) said += ` This file had ${v} variation${v === 1 ? '' : 's'}; the main line was imported.`;
    showMessage(`${said} Step through the moves with ← and →, or play on.`, 'info', !!v);
  } catch (err) {
    showMessage(`Could not open ${file.name}: ${explain(err)}`, 'error', true);
  }
}

// ---- new game ----

let newGameDialog;
function openNewGame() {
  newGameDialog.open(state.game);
}

async function startGame(opts) {
  const g = await api.createGame(opts);
  clearReview();
  showMessage(null);
  openGame(g);
}

// ---- keys ----

function onKey(ev) {
  if (ev.defaultPrevented) return;
  const t = ev.target;
  const typing = t && (t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable ||
    (t.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'range'].includes(t.type)));
  if (typing) return;
  if (t && t.type === 'range' && ev.key.startsWith('Arrow')) return;
  if (document.querySelector('dialog[open]')) return;
  const key = ev.key;
  if ((ev.ctrlKey || ev.metaKey) && !ev.altKey && (key === 'z' || key === 'Z')) {
    ev.preventDefault();
    undo();
    return;
  }
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (key === ' ') {
    // Space activates a focused button or link by itself; elsewhere it is "move now" while
    // tengen thinks (and scrolls the page otherwise).
    if ((t && (t.tagName === 'BUTTON' || t.tagName === 'A')) || !isThinking()) return;
    ev.preventDefault();
    moveNow();
    return;
  }
  const actions = {
    p: pass, P: pass,
    u: undo, U: undo,
    a: toggleAnalyze, A: toggleAnalyze,
    h: hint, H: hint,
    n: openNewGame, N: openNewGame,
    g: openGames, G: openGames,
    s: () => state.game && $('btn-download').click(),
    S: () => state.game && $('btn-download').click(),
    o: () => $('file-sgf').click(), O: () => $('file-sgf').click(),
    m: () => toggleView('numbers'), M: () => toggleView('numbers'),
    t: () => toggleView('ownership'), T: () => toggleView('ownership'),
    w: () => toggleView('graph'), W: () => toggleView('graph'),
    '?': () => $('dlg-help').showModal(),
    ArrowLeft: () => reviewStep(-1),
    ArrowRight: () => reviewStep(1),
    ArrowUp: () => switchVariation(-1),
    ArrowDown: () => switchVariation(1),
    Home: () => state.game && reviewTo(0),
    End: () => state.review && reviewTo(state.game.move_number),
    Escape: () => (state.review || reviewTarget !== null) && exitReview(),
  };
  const f = actions[key];
  if (f) {
    ev.preventDefault();
    f();
  }
}

function toggleView(name) {
  state.view[name] = !state.view[name];
  syncToggles();
  saveView();
  render();
  noteMissingOwnership(name);
}

function noteMissingOwnership(name) {
  if (name === 'ownership' && state.view.ownership && state.game && !state.lastOwnership) {
    announce('The territory estimate appears once tengen has thought about a move.');
  }
}

function syncToggles() {
  $('tg-ownership').checked = state.view.ownership;
  $('tg-graph').checked = state.view.graph;
  $('tg-numbers').checked = state.view.numbers;
  $('tg-cands').checked = state.view.cands;
  $('tg-confirm').checked = state.view.confirm;
  $('tg-sound').checked = state.view.sound;
  board.setConfirmTaps(state.view.confirm);
}

// What is under the keyboard cursor, for screen readers: "D4, empty".
function describeCursor(v) {
  const g = state.game;
  const rows = state.review ? state.review.pos.board : g && g.board;
  const p = g && parseVertex(g.size, v);
  if (!p || !rows) return;
  const c = rows[p.y][p.x];
  $('cursor-live').textContent = `${v}, ${c === 'X' ? 'black stone' : c === 'O' ? 'white stone' : 'empty'}`;
}

// ---- start ----

function wire() {
  board = new BoardView($('board'), {
    onPlay: onBoardClick,
    onCursor: describeCursor,
    onPending: (v) => announce(`Tap ${v} again to play there.`),
  });
  newGameDialog = setupNewGameDialog($('dlg-new'), startGame);
  $('btn-new').addEventListener('click', openNewGame);
  document.querySelectorAll('[data-action="new"]').forEach((b) => b.addEventListener('click', openNewGame));
  $('btn-games').addEventListener('click', openGames);
  $('games-close').addEventListener('click', () => $('dlg-games').close());
  $('btn-help').addEventListener('click', () => $('dlg-help').showModal());
  $('help-close').addEventListener('click', () => $('dlg-help').close());
  $('btn-upload').addEventListener('click', () => $('file-sgf').click());
  $('file-sgf').addEventListener('change', (ev) => {
    uploadSgf(ev.target.files[0]);
    ev.target.value = '';
  });
  $('btn-download').addEventListener('click', (ev) => {
    if (!state.game) ev.preventDefault();
  });
  $('btn-pass').addEventListener('click', pass);
  $('btn-stop').addEventListener('click', moveNow);
  $('btn-undo').addEventListener('click', undo);
  $('btn-resign').addEventListener('click', resign);
  $('btn-analyze').addEventListener('click', toggleAnalyze);
  $('rv-analyze').addEventListener('click', toggleAnalyze);
  $('btn-hint').addEventListener('click', hint);
  $('btn-score-done').addEventListener('click', acceptScore);
  $('btn-resume').addEventListener('click', undo);
  $('btn-undo-end').addEventListener('click', undo);
  $('btn-review-end').addEventListener('click', () => state.game && reviewTo(state.game.move_number));
  $('rv-first').addEventListener('click', () => reviewTo(0));
  $('rv-prev').addEventListener('click', () => reviewStep(-1));
  $('rv-next').addEventListener('click', () => reviewStep(1));
  $('rv-last').addEventListener('click', () => state.game && reviewTo(state.game.move_number));
  $('rv-slider').addEventListener('input', (ev) => reviewTo(Number(ev.target.value)));
  $('rv-exit').addEventListener('click', exitReview);
  $('rv-continue').addEventListener('click', continueFromReview);
  $('rv-delete').addEventListener('click', deleteVariation);
  $('rv-comment').addEventListener('click', openCommentEditor);
  $('rv-comment-save').addEventListener('click', saveComment);
  $('rv-comment-cancel').addEventListener('click', closeCommentEditor);
  setupGameReview({
    game: () => state.game,
    applyState,
    reviewTo,
    showMessage,
    explain,
  });
  for (const [id, name] of [['tg-ownership', 'ownership'], ['tg-graph', 'graph'], ['tg-numbers', 'numbers'], ['tg-cands', 'cands'], ['tg-confirm', 'confirm'], ['tg-sound', 'sound']]) {
    $(id).addEventListener('change', (ev) => {
      state.view[name] = ev.target.checked;
      saveView();
      board.setConfirmTaps(state.view.confirm);
      if (name === 'sound' && state.view.sound) playStoneSound(); // what it sounds like
      render();
      noteMissingOwnership(name);
    });
  }
  $('graph').addEventListener('click', (ev) => {
    const g = state.game;
    if (!g || !g.move_number) return;
    const r = $('graph').getBoundingClientRect();
    const n = Math.max(10, g.move_number + 1);
    reviewTo(Math.round(((ev.clientX - r.left) / r.width) * n));
  });
  document.addEventListener('keydown', onKey);
  // A browser keeps about six connections per server: a tab in the background gives its event
  // stream back after a while, and takes it again (with a fresh state) when it is shown.
  let hiddenTimer = null;
  document.addEventListener('visibilitychange', () => {
    clearTimeout(hiddenTimer);
    if (document.hidden) {
      hiddenTimer = setTimeout(() => {
        if (document.hidden && state.stream) {
          state.stream.close();
          state.stream = null;
        }
      }, 30000);
    } else if (state.game && !state.stream) {
      loadGame(state.game.id, { quiet: true });
    }
  });
  window.addEventListener('hashchange', () => {
    const id = gameIdFromHash();
    if (id && (!state.game || state.game.id !== id)) loadGame(id);
  });
}

async function start() {
  if (api.notice) {
    // Where tengen runs when it is not the server: said once, beside the game's details.
    $('backend-note').textContent = api.notice;
    $('backend-note').hidden = false;
  }
  loadView();
  wire();
  syncToggles();
  render();
  let id = gameIdFromHash();
  if (!id) {
    try {
      id = localStorage.getItem(STORE_LAST);
    } catch (e) {
      id = null;
    }
  }
  const loaded = id ? await loadGame(id, { quiet: true }) : 'missing';
  if (loaded === 'error' || state.game) return;
  if (!id) openNewGame();
  else {
    // The remembered game is gone (deleted); offer the saved games if there are any.
    try {
      const { games } = await api.listGames();
      if (games.length) openGames();
      else openNewGame();
    } catch (e) {
      openNewGame();
    }
  }
}

start();

// For tests and curious users: the page's state in the console.
window.tengen = { state, LETTERS, tree };

// backend_local.js - the page's back end without a server (the static build, docs/browser.md):
// the calls and answers of the tengen server's JSON API (docs/web.md), served by tengen's engine
// compiled to WebAssembly in a Web Worker (engine_worker.js) and spoken to in GTP. Games are kept
// in the browser (IndexedDB): each as the SGF of its start, its moves and the page's state, so a
// reload brings it back.
//
// The worker holds one game at a time. Before a command the engine is brought to the game asked
// for: the SGF of its start loaded, its moves played (a game switch, an undo, a reload). One
// command runs at a time (the `engine` chain); an analysis holds the engine until it is stopped,
// a game review ("Analyse this game") until it has searched every position or is cancelled.

import { ApiError } from './api_error.js';
import { EnginePool } from './engine_pool.js';
import { GameStore } from './game_store.js';
import { parseInfoLine, analysisEvent } from './analysis_lines.js';
import { stringAt, localTerritory } from './position.js';
import { parseVertex, vertexName } from './board.js';

const PRESETS = ['chinese', 'japanese', 'korean', 'aga', 'new-zealand', 'tromp-taylor', 'atari-go'];
const TERRITORY_RULES = new Set(['japanese', 'korean']);
const INFO_INTERVAL = 25; // centiseconds between info lines: the page redraws about 4 times a second
const ANALYZE_SECONDS = 60; // an analysis's default length, as the server's
const REVIEW_PLAYOUTS = { min: 10, max: 100000, otherwise: 2000 }; // per position, as the server's
const NAME = { black: 'Black', white: 'White' };
const other = (c) => (c === 'black' ? 'white' : 'black');
const gtpColor = (c) => (c === 'black' ? 'b' : 'w');
const MAX_WORKERS = 8; // each worker holds its own tree and model: memory grows with them

// How many engine workers search: one per processor where the page is cross-origin isolated
// (the host opted in with its headers), one otherwise.
function workerCount(isolated) {
  if (!isolated) return 1;
  const cores = typeof navigator !== 'undefined' && navigator.hardwareConcurrency;
  return Math.min(Math.max(Number(cores) || 1, 1), MAX_WORKERS);
}

const fail = (status, reason, message) => new ApiError(status, message, { error: message, reason });
const round = (x, digits) => Math.round(x * 10 ** digits) / 10 ** digits;
const notFound = () => fail(404, 'not found', 'No such game.');

function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// The moves of tengen's own SGF (printsgf: the main line, no variations) as [colour, vertex].
function sgfMoves(sgf, size) {
  const out = [];
  const body = sgf.indexOf(';', sgf.indexOf(';') + 1);
  if (body < 0) return out;
  const re = /;\s*([BW])\[([a-z]{0,2})\]/g;
  re.lastIndex = body;
  for (let m; (m = re.exec(sgf));) {
    const colour = m[1] === 'B' ? 'black' : 'white';
    const v = m[2];
    const pass = v.length !== 2 || (size <= 19 && v === 'tt');
    out.push([colour, pass ? 'pass' : vertexName(size, v.charCodeAt(0) - 97, v.charCodeAt(1) - 97)]);
  }
  return out;
}

function resultText(result) {
  if (result === '0') return 'Jigo: a draw.';
  const winner = NAME[result[0] === 'B' ? 'black' : 'white'];
  const how = result.slice(2);
  if (how === 'R') return `${winner} wins by resignation.`;
  if (how === '') return `${winner} wins: first to capture (Atari Go).`;
  return `${winner} wins by ${how} point${Number(how) === 1 ? '' : 's'}.`;
}

// The reason of a refused move, told from the board (the engine only says "illegal move").
function illegalReason(pos, size, v) {
  const p = parseVertex(size, v);
  if (!p) return 'bad move';
  if (pos.board[p.y][p.x] !== '.') return 'occupied';
  const g = { size, board: pos.board };
  let takes = 0;
  let open = false;
  for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
    const x = p.x + dx;
    const y = p.y + dy;
    if (x < 0 || y < 0 || x >= size || y >= size) continue;
    const c = pos.board[y][x];
    if (c === '.') open = true;
    else if (c !== (pos.to_move === 'black' ? 'X' : 'O')) {
      const libs = new Set();
      for (const s of stringAt(g, { x, y })) {
        const q = parseVertex(size, s);
        for (const [ex, ey] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const a = q.x + ex;
          const b = q.y + ey;
          if (a >= 0 && b >= 0 && a < size && b < size && pos.board[b][a] === '.') libs.add(b * size + a);
        }
      }
      if (libs.size === 1) takes++;
    }
  }
  if (takes === 1) return 'ko';
  if (!open && !takes) return 'suicide';
  return 'superko';
}

const MOVE_REFUSED = {
  occupied: 'That point is already occupied.',
  suicide: 'That move would leave its own string without liberties.',
  ko: 'That move retakes a ko at once.',
  superko: 'That move repeats an earlier position.',
};

// A stream of one game's events, as an EventSource has them (readyState, close, events).
class LocalStream extends EventTarget {
  constructor(onClose) {
    super();
    this.readyState = 1; // EventSource.OPEN
    this.onCloseStream = onClose;
  }
  close() {
    this.readyState = 2; // EventSource.CLOSED
    this.onCloseStream(this);
  }
  send(type, data) {
    if (this.readyState === 1) this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

class LocalBackend {
  constructor() {
    // Several workers where the page is cross-origin isolated (docs/browser.md, "Threads").
    const isolated = typeof crossOriginIsolated !== 'undefined' && crossOriginIsolated;
    this.worker = new EnginePool(new URL('engine_worker.js', import.meta.url), workerCount(isolated));
    this.store = new GameStore();
    this.games = new Map(); // id -> record, for the games read since the page loaded
    this.live = new Map(); // id -> { thinking, analyzing, genmove, analysis } (never saved)
    this.streams = new Map(); // id -> Set of LocalStream
    this.engine = Promise.resolve(); // the chain of engine work, one at a time
    this.loaded = null; // { id, moves, settings }: what the engine holds
    const n = this.worker.size;
    this.notice = !isolated
      ? 'tengen runs in this browser, on one thread: the page is not cross-origin isolated. Games are kept in this browser.'
      : n > 1
        ? `tengen runs in this browser, on ${n} threads; games are kept in this browser.`
        : 'tengen runs in this browser, on one thread: this device shows one processor. Games are kept in this browser.';
  }

  // ---- engine access ----

  // Run fn(worker) after the engine work before it; its errors go to the caller only.
  withEngine(fn) {
    const run = this.engine.then(() => fn(this.worker));
    this.engine = run.catch(() => {});
    return run;
  }

  // One GTP command that must succeed; search.id becomes its id (for stop) once it is sent.
  async gtp(command, onProgress, search) {
    const r = await this.worker.command(command, onProgress, search && ((id) => { search.id = id; }));
    if (!r.ok) throw fail(500, 'engine', `tengen refused "${command}": ${r.reply}`);
    return r.reply;
  }

  // The engine's limits and player for the AI settings ai; settingsKey tells whether they change.
  static engineOptions(ai) {
    return { playouts: ai.playouts, seconds: ai.seconds, engine: ai.engine, keepModel: true };
  }

  static settingsKey(ai) {
    return `${ai.engine} ${ai.playouts} ${ai.seconds}`;
  }

  // Bring the engine to rec (inside withEngine): its settings, the SGF of its start, its moves.
  // upto: only the first moves (a past position, for its analysis).
  async sync(rec, upto = rec.moves.length) {
    const settings = LocalBackend.settingsKey(rec.ai);
    const l = this.loaded;
    if (l && l.id === rec.id && l.moves === upto && l.settings === settings) return;
    if (l && l.id === rec.id && l.settings === settings && l.moves < upto && l.moves >= rec.start_moves) {
      // Forward by the moves after it (a review's next position): no reload.
      this.loaded = null;
      for (let i = l.moves; i < upto; i++) await this.gtp(`play ${gtpColor(rec.colors[i])} ${rec.moves[i]}`);
      this.loaded = { id: rec.id, moves: upto, settings };
      return;
    }
    this.loaded = null;
    if (!l || l.settings !== settings) {
      const ready = await this.worker.init(LocalBackend.engineOptions(rec.ai));
      if (ready.error) throw fail(500, 'engine', 'tengen cannot start: ' + ready.error);
    }
    await this.worker.writeFile('/game.sgf', rec.start_sgf);
    const base = Math.min(rec.start_moves, upto);
    await this.gtp(`loadsgf /game.sgf ${base + 1}`);
    for (let i = base; i < upto; i++) await this.gtp(`play ${gtpColor(rec.colors[i])} ${rec.moves[i]}`);
    this.loaded = { id: rec.id, moves: upto, settings };
  }

  // The engine's position after its last command, as the state has it.
  async readPosition(size) {
    const rows = Array.from({ length: size }, () => new Array(size).fill('.'));
    for (const [colour, mark] of [['black', 'X'], ['white', 'O']]) {
      for (const v of (await this.gtp(`list_stones ${colour}`)).split(/\s+/).filter(Boolean)) {
        const p = parseVertex(size, v);
        if (p) rows[p.y][p.x] = mark;
      }
    }
    const shown = await this.gtp('showboard');
    const m = /captured by black \(X\): (\d+), by white \(O\): (\d+);.*\b(black|white) to move/.exec(shown);
    return {
      board: rows.map((r) => r.join('')),
      captures: { black: m ? Number(m[1]) : 0, white: m ? Number(m[2]) : 0 },
      to_move: m ? m[3] : 'black',
    };
  }

  // After the engine played a move of rec: record it and the position it made.
  async recordMove(rec, colour, move, evaluation) {
    rec.moves.push(move);
    rec.colors.push(colour);
    rec.evaluations.push(evaluation);
    rec.positions.push(await this.readPosition(rec.size));
    rec.sgf = await this.gtp('printsgf');
    this.loaded.moves = rec.moves.length;
    rec.last_analysis = rec.last_analysis && rec.last_analysis.move_number < rec.moves.length - 1 ? null : rec.last_analysis;
  }

  // ---- records, states and events ----

  liveOf(id) {
    if (!this.live.has(id)) this.live.set(id, { thinking: false, analyzing: false, genmove: null, analysis: null, search: null, review: null });
    return this.live.get(id);
  }

  async record(id) {
    if (this.games.has(id)) return this.games.get(id);
    const rec = await this.store.get(id);
    if (!rec) throw notFound();
    this.games.set(id, rec);
    return rec;
  }

  async save(rec) {
    rec.updated = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    this.games.set(rec.id, rec);
    await this.store.put(rec);
    this.emit(rec.id, 'state', this.state(rec));
  }

  state(rec) {
    const live = this.liveOf(rec.id);
    const pos = rec.positions[rec.moves.length];
    const start = rec.positions[0];
    const setup = { black: [], white: [] };
    start.board.forEach((row, y) => {
      for (let x = 0; x < row.length; x++) {
        if (row[x] === 'X') setup.black.push(vertexName(rec.size, x, y));
        else if (row[x] === 'O') setup.white.push(vertexName(rec.size, x, y));
      }
    });
    return {
      id: rec.id, size: rec.size, komi: rec.komi, rules: rec.rules, handicap: rec.handicap,
      human: rec.human, ai: { ...rec.ai },
      to_move: pos.to_move, phase: rec.phase, move_number: rec.moves.length,
      moves: [...rec.moves], evaluations: [...rec.evaluations],
      setup, setup_stones: setup.black.length + setup.white.length,
      players: rec.players || null, info: null, comments: {}, variations_dropped: 0,
      last_move: rec.moves.length ? rec.moves[rec.moves.length - 1] : null,
      board: [...pos.board], captures: { ...pos.captures },
      ai_thinking: live.thinking, analyzing: live.analyzing, reviewing: !!live.review, review: this.reviewOf(rec),
      ai_move: rec.ai_move, last_analysis: rec.last_analysis, scoring: rec.scoring,
      end: rec.end, result: rec.result, result_text: rec.result ? resultText(rec.result) : null,
      created: rec.created, updated: rec.updated,
    };
  }

  emit(id, type, data) {
    for (const s of this.streams.get(id) || []) s.send(type, data);
  }

  // ---- the end of a game ----

  async count(rec, dead) {
    const f = (await this.gtp(`tengen-count ${dead.join(' ')}`)).trim().split(/\s+/).map(Number);
    const [margin, black, white, ba, wa, bt, wt, bp, wp, dame, bonus] = f;
    const pos = rec.positions[rec.moves.length];
    const terr = localTerritory({ size: rec.size, board: pos.board }, new Set(dead));
    const rows = Array.from({ length: rec.size }, () => new Array(rec.size).fill('.'));
    for (const [list, mark] of [[terr.black, 'B'], [terr.white, 'W']]) {
      for (const v of list) {
        const p = parseVertex(rec.size, v);
        rows[p.y][p.x] = mark;
      }
    }
    const result = margin === 0 ? '0' : `${margin > 0 ? 'B' : 'W'}+${Math.abs(margin)}`;
    return {
      dead, black, white, margin, result, text: resultText(result),
      method: TERRITORY_RULES.has(rec.rules) ? 'territory' : 'area',
      territory: rows.map((r) => r.join('')),
      detail: {
        black_area: ba, white_area: wa, black_territory: bt, white_territory: wt,
        black_prisoners: bp, white_prisoners: wp, dame, komi: rec.komi, handicap_bonus: bonus,
      },
    };
  }

  // Two passes in a row: tengen proposes the dead stones, and the count with them.
  async enterScoring(rec) {
    const list = async (what) => (await this.gtp(`final_status_list ${what}`)).split(/\s+/).filter(Boolean);
    const dead = await list('dead');
    const seki = await list('seki');
    rec.phase = 'scoring';
    rec.end = 'passes';
    rec.scoring = { ...(await this.count(rec, dead)), proposed_dead: dead, seki };
  }

  // After a move: two passes start the count; a capture ends Atari Go.
  async afterMove(rec) {
    const n = rec.moves.length;
    if (rec.rules === 'atari-go' && n > 0) {
      const before = rec.positions[n - 1].captures;
      const after = rec.positions[n].captures;
      if (after.black + after.white > before.black + before.white) {
        rec.phase = 'over';
        rec.end = 'capture';
        rec.result = `${rec.colors[n - 1] === 'black' ? 'B' : 'W'}+`;
        return;
      }
    }
    if (n >= 2 && rec.moves[n - 1] === 'pass' && rec.moves[n - 2] === 'pass') await this.enterScoring(rec);
  }

  // ---- analysis ----

  // Stop the search of `work` and wait for it. The stop is repeated until it has ended: one sent
  // while the commands before the search ran (the game being loaded) would reach none.
  async stopAndWait(work, search) {
    const stop = () => {
      if (search.id !== undefined) this.worker.stop(search.id);
    };
    stop();
    const again = setInterval(stop, 100);
    try {
      await work.catch(() => {});
    } finally {
      clearInterval(again);
    }
  }

  // End the analysis of game id, if one runs, and wait for it.
  async endAnalysis(id) {
    const live = this.liveOf(id);
    if (live.analysis) await this.stopAndWait(live.analysis, live.search);
  }

  // End every search that holds the engine aside from a move: analyses and reviews.
  async endAllAnalyses() {
    for (const id of this.live.keys()) {
      await this.endAnalysis(id);
      await this.endReview(id);
    }
  }

  // ---- the game review ("Analyse this game", docs/web.md "Game review") ----

  // The state's `review`: rec.review.found[k] is what the search of the position after k moves
  // found ({ winrate, score_lead, best, visits }, Black's numbers), or nothing.
  reviewOf(rec) {
    const live = this.liveOf(rec.id);
    const rv = rec.review;
    if (!rv && !live.review) return null;
    const found = rv ? rv.found : [];
    const positions = [];
    let done = 0;
    let before = null;
    for (let k = 0; k <= rec.moves.length; k++) {
      const x = found[k] || null;
      let p = null;
      if (x) {
        done++;
        p = { winrate: x.winrate, score_lead: x.score_lead, best: x.best, visits: x.visits };
        if (k > 0) {
          // What the move cost its player: the drop of the mover's lead and win rate.
          const mover = rec.colors[k - 1];
          const sign = mover === 'black' ? 1 : -1;
          p.color = mover;
          if (before) {
            p.points_lost = round(sign * (before.score_lead - x.score_lead), 1);
            p.winrate_lost = round(sign * (before.winrate - x.winrate), 3);
          }
        }
      }
      positions.push(p);
      before = x;
    }
    return { running: !!live.review, playouts: rv ? rv.playouts : 0, positions, done, total: rec.moves.length + 1 };
  }

  // Search every position of rec in turn (tengen-review, the worker's own command); each one
  // found is kept (in the browser's store too) and sent as a `review` event.
  startReview(rec, playouts) {
    const live = this.liveOf(rec.id);
    const job = { cancelled: false, search: {} };
    rec.review = { playouts, found: [] };
    live.review = job;
    job.done = this.withEngine(async () => {
      for (let k = 0; k <= rec.moves.length && !job.cancelled; k++) {
        await this.sync(rec, k);
        if (job.cancelled) break;
        const f = (await this.gtp(`tengen-review ${playouts}`, null, job.search)).trim().split(/\s+/);
        // A search cut short is not kept: its position stays unreviewed.
        if (job.cancelled || !(Number(f[4]) > 0)) continue;
        rec.review.found[k] = { winrate: round(Number(f[0]), 3), score_lead: round(Number(f[1]), 1), best: f[2], visits: Number(f[3]) };
        await this.store.put(rec);
        this.emit(rec.id, 'review', this.reviewOf(rec));
      }
    }).finally(async () => {
      live.review = null;
      await this.save(rec);
    });
    job.done.catch(() => {});
  }

  // End the review of game id, if one runs, and wait for it (the positions found are kept).
  async endReview(id) {
    const job = this.liveOf(id).review;
    if (!job) return;
    job.cancelled = true;
    await this.stopAndWait(job.done, job.search);
  }

  // Search the position after n moves (the current one, or a past one in a review).
  startAnalysis(rec, seconds, n) {
    const live = this.liveOf(rec.id);
    const current = n === rec.moves.length;
    const toMove = rec.positions[n].to_move;
    const started = performance.now();
    let last = null;
    live.analyzing = true;
    const search = {};
    live.search = search;
    const timer = setTimeout(() => {
      if (live.analysis && live.search === search) this.stopAndWait(live.analysis, search);
    }, seconds * 1000);
    const publish = (line, final) => {
      const info = parseInfoLine(line, rec.size, toMove);
      if (!info) return;
      last = analysisEvent(info, { move_number: n, to_move: toMove, seconds: (performance.now() - started) / 1000, final });
      this.emit(rec.id, 'analysis', last);
    };
    live.analysis = this.withEngine(async () => {
      await this.sync(rec, n);
      const reply = await this.gtp(`kata-analyze ${gtpColor(toMove)} interval ${INFO_INTERVAL} ownership true`,
        (lines) => lines.forEach((l) => publish(l, false)), search);
      const lines = reply.split('\n').filter((l) => l.startsWith('info'));
      if (lines.length) publish(lines[lines.length - 1], true);
    }).finally(async () => {
      clearTimeout(timer);
      live.analysis = null;
      live.analyzing = false;
      if (last && current && rec.moves.length === n) {
        const { final, candidates, ...summary } = last;
        rec.last_analysis = summary;
      }
      await this.save(rec);
    });
    live.analysis.catch(() => {});
  }

  // ---- the API's calls ----

  async listGames() {
    const all = await this.store.all();
    for (const rec of all) if (!this.games.has(rec.id)) this.games.set(rec.id, rec);
    const games = all.map((r) => this.state(this.games.get(r.id)));
    games.sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : 0));
    return { games };
  }

  async createGame(opts = {}) {
    if (opts.clock) throw fail(501, 'not here', 'Clocks need the tengen server (tengen web).');
    const size = opts.size === undefined ? 19 : opts.size;
    if (!Number.isInteger(size) || size < 2 || size > 25) throw fail(400, 'bad field', 'size must be a whole number from 2 to 25.');
    const rules = opts.rules === undefined ? 'chinese' : opts.rules;
    if (!PRESETS.includes(rules)) throw fail(400, 'bad field', `rules must be one of ${PRESETS.join(', ')}.`);
    const handicap = opts.handicap || 0;
    if (!Number.isInteger(handicap) || handicap < 0 || handicap > 9) throw fail(400, 'bad field', 'handicap must be a whole number from 0 to 9.');
    const komi = opts.komi === undefined ? (rules === 'atari-go' ? 0 : handicap > 1 ? 0.5 : 7.5) : opts.komi;
    if (typeof komi !== 'number' || !Number.isFinite(komi) || Math.abs(komi) > 150) throw fail(400, 'bad field', 'komi must be a number from -150 to 150.');
    const human = opts.human === undefined ? 'black' : opts.human;
    if (human !== 'black' && human !== 'white') throw fail(400, 'bad field', 'human must be "black" or "white".');
    const playouts = opts.playouts === undefined ? 10000 : opts.playouts;
    if (!Number.isInteger(playouts) || playouts < 0 || playouts > 1000000) throw fail(400, 'bad field', 'playouts must be a whole number from 0 to 1,000,000.');
    const seconds = opts.seconds === undefined ? 10 : opts.seconds;
    if (typeof seconds !== 'number' || !(seconds >= 0.1 && seconds <= 120)) throw fail(400, 'bad field', 'seconds must be from 0.1 to 120.');
    const engine = opts.engine === undefined ? 'mcts' : opts.engine;
    if (engine !== 'mcts' && engine !== 'ab') throw fail(400, 'bad field', 'engine must be "mcts" or "ab".');
    const ai = { color: other(human), engine, playouts, seconds, threads: this.worker.size, resign: 0.1 };
    await this.endAllAnalyses();
    return this.withEngine(async () => {
      this.loaded = null;
      const ready = await this.worker.init(LocalBackend.engineOptions(ai));
      if (ready.error) throw fail(500, 'engine', 'tengen cannot start: ' + ready.error);
      await this.gtp(`boardsize ${size}`);
      await this.gtp('clear_board');
      await this.gtp(`kata-set-rules ${rules}`);
      await this.gtp(`komi ${komi}`);
      if (handicap >= 2) {
        const r = await this.worker.command(`fixed_handicap ${handicap}`);
        if (!r.ok) throw fail(400, 'bad field', `A handicap of ${handicap} is not possible on ${size}x${size}: ${r.reply}.`);
      }
      const rec = await this.newRecord(await this.gtp('printsgf'), 0, { size, rules, komi, handicap: handicap >= 2 ? handicap : 0, human, ai });
      rec.positions.push(await this.readPosition(size));
      this.loaded = { id: rec.id, moves: 0, settings: LocalBackend.settingsKey(ai) };
      await this.save(rec);
      return this.state(rec);
    });
  }

  // A record for the engine's position now: the SGF of its start and how many moves it holds.
  async newRecord(startSgf, startMoves, fields) {
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const rec = {
      id: newId(), ...fields, start_sgf: startSgf, start_moves: startMoves,
      moves: [], colors: [], evaluations: [], positions: [],
      phase: 'play', end: null, result: null, scoring: null, ai_move: null, last_analysis: null,
      sgf: startSgf, created: now, updated: now,
    };
    return rec;
  }

  async importSgf(sgf, opts = {}) {
    if (typeof sgf !== 'string' || !sgf.trim()) throw fail(400, 'bad field', 'sgf must be the text of an SGF file.');
    if (sgf.length > 1024 * 1024) throw fail(413, 'too large', 'The SGF is over 1 MiB.');
    const human = opts.human === undefined ? 'black' : opts.human;
    if (human !== 'black' && human !== 'white') throw fail(400, 'bad field', 'human must be "black" or "white".');
    await this.endAllAnalyses();
    return this.withEngine(async () => {
      this.loaded = null;
      const ai = { color: other(human), engine: opts.engine === 'ab' ? 'ab' : 'mcts', playouts: opts.playouts || 10000, seconds: opts.seconds || 10, threads: this.worker.size, resign: 0.1 };
      const ready = await this.worker.init(LocalBackend.engineOptions(ai));
      if (ready.error) throw fail(500, 'engine', 'tengen cannot start: ' + ready.error);
      await this.worker.writeFile('/game.sgf', sgf);
      const r = await this.worker.command('loadsgf /game.sgf');
      if (!r.ok) throw fail(400, 'bad sgf', `The SGF does not load: ${r.reply.replace(/^cannot load '[^']*': /, '')}`);
      const whole = await this.gtp('printsgf');
      const size = Number((/SZ\[(\d+)\]/.exec(whole) || [])[1]) || 19;
      const komi = Number((/KM\[([-\d.]+)\]/.exec(whole) || [])[1]) || 0;
      const rulesName = (await this.gtp('kata-get-rules').catch(() => '')).trim();
      const rules = PRESETS.find((p) => rulesName.includes(p)) || (opts.rules && PRESETS.includes(opts.rules) ? opts.rules : 'chinese');
      const handicap = Number((/HA\[(\d+)\]/.exec(whole) || [])[1]) || 0;
      const moves = sgfMoves(whole, size);
      const players = {
        black: (/PB\[([^\]]*)\]/.exec(sgf) || [])[1] || null,
        white: (/PW\[([^\]]*)\]/.exec(sgf) || [])[1] || null,
      };
      const rec = await this.newRecord(whole, moves.length, { size, rules, komi, handicap, human, ai });
      if (players.black || players.white) rec.players = players;
      // The position of every move, for the review's steps.
      await this.worker.writeFile('/game.sgf', whole);
      await this.gtp('loadsgf /game.sgf 1');
      rec.positions.push(await this.readPosition(size));
      this.loaded = { id: rec.id, moves: 0, settings: LocalBackend.settingsKey(ai) };
      for (const [colour, move] of moves) {
        await this.gtp(`play ${gtpColor(colour)} ${move}`);
        await this.recordMove(rec, colour, move, null);
      }
      await this.afterMove(rec);
      await this.save(rec);
      return this.state(rec);
    });
  }

  async getGame(id) {
    return this.state(await this.record(id));
  }

  async deleteGame(id) {
    const rec = await this.record(id);
    await this.endAnalysis(id);
    await this.endReview(id);
    if (this.liveOf(id).genmove) await this.stopAndWait(this.liveOf(id).genmove, this.liveOf(id).search);
    await this.store.delete(id);
    this.games.delete(id);
    if (this.loaded && this.loaded.id === id) this.loaded = null;
    this.emit(id, 'deleted', { id: rec.id });
    return { id, deleted: true };
  }

  async play(id, move) {
    const rec = await this.record(id);
    const live = this.liveOf(id);
    if (typeof move !== 'string') throw fail(400, 'bad field', 'move must be a vertex or "pass".');
    const v = move.trim().toUpperCase();
    if (v !== 'PASS' && !parseVertex(rec.size, v)) throw fail(400, 'bad move', `${move} is not a point of this board.`);
    if (rec.phase !== 'play') throw fail(409, 'game over', 'The game is over.');
    if (live.thinking) throw fail(409, 'ai thinking', 'tengen is thinking.');
    const pos = rec.positions[rec.moves.length];
    if (pos.to_move !== rec.human) throw fail(409, 'not your turn', 'It is tengen\'s turn.');
    const vertex = v === 'PASS' ? 'pass' : v;
    if (vertex !== 'pass' && pos.board[parseVertex(rec.size, vertex).y][parseVertex(rec.size, vertex).x] !== '.') {
      throw fail(409, 'occupied', MOVE_REFUSED.occupied);
    }
    await this.endAnalysis(id);
    await this.endReview(id);
    return this.withEngine(async () => {
      await this.sync(rec);
      const r = await this.worker.command(`play ${gtpColor(rec.human)} ${vertex}`);
      if (!r.ok) {
        const reason = illegalReason(pos, rec.size, vertex);
        throw fail(409, reason, MOVE_REFUSED[reason] || r.reply);
      }
      await this.recordMove(rec, rec.human, vertex, null);
      rec.ai_move = null;
      if (vertex === 'pass' && rec.moves.length >= 2 && rec.moves[rec.moves.length - 2] === 'pass') {
        live.thinking = true; // tengen judges the dead stones
        this.emit(id, 'state', this.state(rec));
      }
      try {
        await this.afterMove(rec);
      } finally {
        live.thinking = false;
      }
      await this.save(rec);
      return this.state(rec);
    });
  }

  async genmove(id) {
    const rec = await this.record(id);
    const live = this.liveOf(id);
    if (rec.phase !== 'play') throw fail(409, 'game over', 'The game is over.');
    if (live.thinking) throw fail(409, 'ai thinking', 'tengen is thinking already.');
    const n = rec.moves.length;
    const colour = rec.positions[n].to_move;
    if (colour !== rec.ai.color) throw fail(409, 'not ai turn', 'It is your turn.');
    await this.endAnalysis(id);
    await this.endReview(id);
    live.thinking = true;
    this.emit(id, 'state', this.state(rec));
    const started = performance.now();
    let last = null;
    const publish = (line, final) => {
      const info = parseInfoLine(line, rec.size, colour);
      if (!info) return;
      last = analysisEvent(info, { move_number: n, to_move: colour, seconds: (performance.now() - started) / 1000, final });
      this.emit(id, 'analysis', last);
    };
    const search = {};
    live.search = search;
    live.genmove = this.withEngine(async () => {
      await this.sync(rec);
      const reply = await this.gtp(`kata-genmove_analyze ${gtpColor(colour)} interval ${INFO_INTERVAL} ownership true`,
        (lines) => lines.forEach((l) => publish(l, false)), search);
      const lines = reply.split('\n');
      const infos = lines.filter((l) => l.startsWith('info'));
      if (infos.length) publish(infos[infos.length - 1], true);
      const played = (lines.find((l) => l.startsWith('play ')) || 'play pass').slice(5).trim();
      const move = played.toLowerCase() === 'resign' ? 'resign' : played.toLowerCase() === 'pass' ? 'pass' : played.toUpperCase();
      const winrate = last ? last.winrate : null;
      const seconds = Math.round((performance.now() - started)) / 1000;
      rec.ai_move = { move, winrate, playouts: last ? last.playouts : 0, seconds };
      if (last) {
        const { final, candidates, ...summary } = last;
        rec.last_analysis = summary;
      }
      if (move === 'resign') {
        rec.phase = 'over';
        rec.end = 'resign';
        rec.result = `${rec.human === 'black' ? 'B' : 'W'}+R`;
        // The engine's game has the resignation: bring it back from the record next time.
        this.loaded = null;
      } else {
        await this.recordMove(rec, colour, move, winrate);
        await this.afterMove(rec);
      }
    });
    try {
      await live.genmove;
    } finally {
      live.thinking = false;
      live.genmove = null;
      await this.save(rec);
    }
    return this.state(rec);
  }

  async stop(id) {
    const rec = await this.record(id);
    const live = this.liveOf(id);
    if (live.genmove) {
      await this.stopAndWait(live.genmove, live.search);
    } else if (live.analysis) {
      await this.endAnalysis(id);
    } else if (live.review) {
      await this.endReview(id);
    }
    return this.state(rec);
  }

  async undo(id) {
    const rec = await this.record(id);
    const live = this.liveOf(id);
    if (live.thinking && live.genmove) {
      await this.stopAndWait(live.genmove, live.search);
    }
    await this.endAnalysis(id);
    await this.endReview(id);
    if (rec.end === 'resign' && rec.result === `${rec.ai.color === 'black' ? 'B' : 'W'}+R`) {
      // The human resigned: only the resignation is taken back.
      this.reopen(rec);
      await this.save(rec);
      return this.state(rec);
    }
    let keep = rec.moves.length - 1;
    while (keep >= 0 && rec.colors[keep] !== rec.human) keep--;
    if (keep < 0) throw fail(409, 'nothing to undo', 'There is no move of yours to take back.');
    for (const list of [rec.moves, rec.colors, rec.evaluations]) list.length = keep;
    rec.positions.length = keep + 1;
    if (rec.review) rec.review.found.length = Math.min(rec.review.found.length, keep + 1);
    rec.start_moves = Math.min(rec.start_moves, keep);
    this.reopen(rec);
    rec.ai_move = null;
    if (rec.last_analysis && rec.last_analysis.move_number > keep) rec.last_analysis = null;
    this.loaded = null;
    await this.withEngine(async () => {
      await this.sync(rec);
      rec.sgf = await this.gtp('printsgf');
    });
    await this.save(rec);
    return this.state(rec);
  }

  reopen(rec) {
    rec.phase = 'play';
    rec.end = null;
    rec.result = null;
    rec.scoring = null;
  }

  async resign(id) {
    const rec = await this.record(id);
    if (rec.phase === 'over') throw fail(409, 'game over', 'The game is over.');
    const live = this.liveOf(id);
    if (live.genmove) {
      await this.stopAndWait(live.genmove, live.search);
    }
    await this.endAnalysis(id);
    await this.endReview(id);
    if (rec.phase === 'over') return this.state(rec);
    rec.phase = 'over';
    rec.end = 'resign';
    rec.result = `${rec.ai.color === 'black' ? 'B' : 'W'}+R`;
    await this.save(rec);
    return this.state(rec);
  }

  async score(id, dead) {
    const rec = await this.record(id);
    if (rec.phase === 'play') throw fail(409, 'still playing', 'The game is not over: two passes end it.');
    if (!rec.scoring) throw fail(409, 'game over', 'This game was not counted.');
    const pos = rec.positions[rec.moves.length];
    let list = rec.scoring.dead;
    if (dead !== undefined) {
      if (!Array.isArray(dead)) throw fail(400, 'bad field', 'dead must be a list of points.');
      const all = new Set();
      for (const v of dead) {
        const p = typeof v === 'string' && parseVertex(rec.size, v.toUpperCase());
        if (!p || pos.board[p.y][p.x] === '.') throw fail(400, 'bad field', `dead: ${v} is not a stone.`);
        for (const s of stringAt({ size: rec.size, board: pos.board }, p)) all.add(s);
      }
      list = [...all];
    }
    await this.endAllAnalyses();
    return this.withEngine(async () => {
      await this.sync(rec);
      const { proposed_dead: proposed, seki } = rec.scoring;
      rec.scoring = { ...(await this.count(rec, list)), proposed_dead: proposed, seki };
      rec.phase = 'over';
      rec.result = rec.scoring.result;
      await this.save(rec);
      return this.state(rec);
    });
  }

  async analyze(id, opts = {}) {
    const rec = await this.record(id);
    const live = this.liveOf(id);
    const seconds = opts.seconds === undefined ? ANALYZE_SECONDS : opts.seconds;
    if (typeof seconds !== 'number' || !(seconds >= 0.1 && seconds <= 600)) throw fail(400, 'bad field', 'seconds must be from 0.1 to 600.');
    const n = opts.move === undefined ? rec.moves.length : opts.move;
    if (!Number.isInteger(n) || n < 0 || n > rec.moves.length) throw fail(400, 'bad field', 'move is out of range.');
    if (n === rec.moves.length && rec.phase !== 'play') throw fail(409, 'game over', 'The game is over.');
    if (live.thinking) throw fail(409, 'ai thinking', 'tengen is thinking about its move.');
    if (live.review) throw fail(409, 'reviewing', 'tengen is analysing this game: wait for it, or cancel it.');
    await this.endAllAnalyses();
    this.startAnalysis(rec, seconds, n);
    const s = this.state(rec);
    this.emit(id, 'state', s);
    return s;
  }

  async stopAnalysis(id) {
    const rec = await this.record(id);
    await this.endAnalysis(id);
    return this.state(rec);
  }

  async review(id, playouts) {
    const rec = await this.record(id);
    const live = this.liveOf(id);
    const n = playouts === undefined || playouts === null ? REVIEW_PLAYOUTS.otherwise : playouts;
    if (!Number.isInteger(n) || n < REVIEW_PLAYOUTS.min || n > REVIEW_PLAYOUTS.max) {
      throw fail(400, 'bad field', `playouts must be a whole number from ${REVIEW_PLAYOUTS.min} to ${REVIEW_PLAYOUTS.max.toLocaleString('en')}.`);
    }
    if (live.thinking) throw fail(409, 'ai thinking', 'tengen is thinking about its move.');
    if (live.review) throw fail(409, 'reviewing', 'tengen is analysing this game already.');
    if (!rec.moves.length) throw fail(409, 'no moves', 'There are no moves to analyse yet.');
    await this.endAllAnalyses();
    this.startReview(rec, n);
    const s = this.state(rec);
    this.emit(id, 'state', s);
    return s;
  }

  async cancelReview(id) {
    const rec = await this.record(id);
    await this.endReview(id);
    return this.state(rec);
  }

  // A new game from the first `move` moves of this one ("Continue from here").
  async copy(id, move, opts = {}) {
    const rec = await this.record(id);
    const n = move === undefined ? rec.moves.length : move;
    if (!Number.isInteger(n) || n < 0 || n > rec.moves.length) throw fail(400, 'bad field', 'move is out of range.');
    const human = opts.human === 'black' || opts.human === 'white' ? opts.human : rec.human;
    const ai = { ...rec.ai, color: other(human) };
    if (Number.isInteger(opts.playouts) && opts.playouts >= 0 && opts.playouts <= 1000000) ai.playouts = opts.playouts;
    if (typeof opts.seconds === 'number' && opts.seconds >= 0.1 && opts.seconds <= 120) ai.seconds = opts.seconds;
    const fields = { size: rec.size, rules: rec.rules, komi: rec.komi, handicap: rec.handicap, human, ai };
    const c = await this.newRecord(rec.start_sgf, Math.min(rec.start_moves, n), fields);
    if (rec.players) c.players = { ...rec.players };
    c.moves = rec.moves.slice(0, n);
    c.colors = rec.colors.slice(0, n);
    c.evaluations = rec.evaluations.slice(0, n);
    c.positions = rec.positions.slice(0, n + 1);
    if (rec.review) c.review = { playouts: rec.review.playouts, found: rec.review.found.slice(0, n + 1) };
    await this.endAllAnalyses();
    await this.withEngine(async () => {
      await this.sync(c);
      c.sgf = await this.gtp('printsgf');
      if (n >= 2 && c.moves[n - 1] === 'pass' && c.moves[n - 2] === 'pass') await this.enterScoring(c);
    });
    await this.save(c);
    return this.state(c);
  }

  async position(id, n) {
    const rec = await this.record(id);
    if (!Number.isInteger(n) || n < 0 || n > rec.moves.length) throw fail(400, 'bad field', 'move is out of range.');
    const pos = rec.positions[n];
    return { move_number: n, to_move: pos.to_move, last_move: n ? rec.moves[n - 1] : null, board: [...pos.board], captures: { ...pos.captures } };
  }

  // The game tree (variations tried beside the game) is the server's.
  async tree() {
    throw fail(501, 'not here', 'The game tree needs the tengen server (tengen web).');
  }

  async treeNode() {
    return this.tree();
  }

  async treeMove() {
    return this.tree();
  }

  async treeComment() {
    return this.tree();
  }

  async treeDelete() {
    return this.tree();
  }

  async copyNode() {
    return this.tree();
  }

  // The game as an SGF file, for the download link: tengen's SGF of the game as it stands.
  sgfUrl(id) {
    const rec = this.games.get(id);
    if (!rec) return '#';
    let sgf = rec.sgf || rec.start_sgf;
    if (rec.result && !/RE\[/.test(sgf)) sgf = sgf.replace('(;', `(;RE[${rec.result}]`);
    return 'data:application/x-go-sgf;charset=utf-8,' + encodeURIComponent(sgf);
  }

  follow(id) {
    const stream = new LocalStream((s) => {
      const set = this.streams.get(id);
      if (set) set.delete(s);
    });
    if (!this.streams.has(id)) this.streams.set(id, new Set());
    this.streams.get(id).add(stream);
    this.record(id).then((rec) => stream.send('state', this.state(rec)), () => {
      stream.send('deleted', { id });
    });
    return stream;
  }
}

export function createLocalBackend() {
  return new LocalBackend();
}

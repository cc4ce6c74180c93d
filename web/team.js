// team.js - the team game page (/team and /team/{id}, docs/web.md "Team games"): creating a
// team game, joining it under a name, voting on the board or in the list of proposals, and
// following the votes, the game and (when allowed) tengen's analysis through the team's event
// stream. Names come from other people: they are only ever set as text, never as HTML.
import { request as call } from './backend_server.js';
import { BoardView } from './board.js';

const $ = (id) => document.getElementById(id);
const STONE = { black: 'X', white: 'O' };
const state = { id: null, token: null, team: null, game: null, analysis: null, received: 0, stream: null };

const tokenKey = (id) => `tengen.team.${id}`;
const showError = (msg) => { $('team-error').textContent = msg || ''; };

// ---- creating ----

function setupCreate() {
  $('create').hidden = false;
  $('create-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    try {
      const t = await call('POST', '/api/teams', {
        size: Number($('c-size').value),
        rules: $('c-rules').value,
        team: $('c-team').value,
        vote_seconds: Number($('c-seconds').value),
        playouts: Number($('c-playouts').value),
        show_analysis: $('c-analysis').checked,
      });
      location.href = t.link;
    } catch (e) {
      alert(e.message);
    }
  });
}

// ---- joining ----

function setupJoin() {
  $('join').hidden = false;
  $('join-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const role = document.querySelector('input[name="role"]:checked').value;
    try {
      const j = await call('POST', `/api/teams/${state.id}/join`, { name: $('j-name').value, role });
      state.token = j.token;
      localStorage.setItem(tokenKey(state.id), j.token);
      $('join').hidden = true;
      startGame();
    } catch (e) {
      alert(e.message);
    }
  });
}

// ---- the game ----

let board;

function isVoter() {
  return state.team && state.team.you && state.team.you.role === 'voter';
}

function canVote() {
  const t = state.team;
  return isVoter() && t.status === 'voting' && t.vote && !t.vote.closing;
}

// Show a team state. The stream sends them in order; a reply to a vote is a snapshot that can
// reach the page after the stream's later states (the vote closed, the next one open), so one
// older than the state shown is dropped: nothing newer would come to replace it until the next
// change. A stream that reconnects to a restarted server counts again from its own start.
function showTeam(team, fromStream) {
  if (!fromStream && state.team && team.seq < state.team.seq) return;
  state.team = team;
  state.received = performance.now();
  render();
}

async function vote(move) {
  if (!canVote()) return;
  showError('');
  try {
    showTeam(await call('POST', `/api/teams/${state.id}/vote`, { token: state.token, move }), false);
  } catch (e) {
    showError(e.message);
  }
}

function secondsLeft() {
  const v = state.team && state.team.vote;
  if (!v) return 0;
  return Math.max(0, v.seconds_left - (performance.now() - state.received) / 1000);
}

function statusText() {
  const t = state.team;
  const g = state.game;
  if (!t) return 'Loading…';
  if (g && g.phase === 'over') return `The game is over: ${g.result_text || g.result || ''}`;
  if (t.status === 'over') return 'The game is over.';
  if (t.status === 'tengen') return 'tengen is thinking…';
  if (!t.vote) return `The team (${t.team}) plays next: the vote opens when a voter has joined.`;
  const s = Math.ceil(secondsLeft());
  return `Vote for move ${t.vote.move_number} (${t.team}): ${s} s left, ${t.vote.votes} of ${t.voters_present} voters have voted.`;
}

function renderBoard() {
  const g = state.game;
  if (!g) return;
  const a = state.team && state.team.analysis_visible ? state.analysis : null;
  const thinking = g.ai_thinking && a && a.candidates;
  board.render({
    size: g.size,
    board: g.board,
    lastMove: g.last_move && g.last_move !== 'pass' ? g.last_move : null,
    preview: canVote() ? STONE[state.team.team] : null,
    candidates: thinking ? [...a.candidates].sort((x, y) => y.visits - x.visits) : null,
    mover: thinking ? STONE[a.to_move] : null,
  });
}

function li(text, cls) {
  const e = document.createElement('li');
  e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

function render() {
  const t = state.team;
  if (!t) return;
  $('team-status').textContent = statusText();
  $('team-you').textContent = t.you
    ? `You are ${t.you.name}, ${t.you.role === 'voter' ? `a voter${t.you.vote ? `; your vote: ${t.you.vote}` : ''}` : 'a spectator'}.`
    : 'You are watching.';
  $('btn-pass').hidden = !isVoter();
  $('btn-pass').disabled = !canVote();
  $('btn-leave').hidden = !t.you;
  const props = (t.vote && t.vote.proposals) || [];
  // The buttons are updated in place, not made again, so that a click in progress while the
  // votes stream in is not lost on a button replaced between its press and its release.
  const list = $('proposals');
  const listed = new Map([...list.querySelectorAll('button[data-move]')].map((b) => [b.dataset.move, b.parentElement]));
  const items = props.map((p) => {
    let item = listed.get(p.move);
    if (!item) {
      item = document.createElement('li');
      const made = document.createElement('button');
      made.type = 'button';
      made.dataset.move = p.move;
      made.addEventListener('click', () => vote(p.move));
      item.appendChild(made);
    }
    const b = item.firstChild;
    b.textContent = `${p.move}: ${p.votes} vote${p.votes === 1 ? '' : 's'} (proposed by ${p.by})`;
    b.disabled = !canVote();
    b.classList.toggle('mine', !!(t.you && t.you.vote === p.move));
    return item;
  });
  const same = items.length === list.children.length && items.every((item, i) => list.children[i] === item);
  if (!same) list.replaceChildren(...items);
  if (!props.length) $('proposals').replaceChildren(li(t.vote ? 'No proposal yet: click a point of the board.' : 'No vote is open.'));
  $('members').replaceChildren(...t.members.map((m) => li(
    `${m.name} (${m.role}${m.role === 'voter' && t.vote ? (m.voted ? ', voted' : ', not voted yet') : ''})${m.present ? '' : ' — away'}`,
    m.present ? '' : 'away')));
  $('results').replaceChildren(...[...t.results].reverse().map((r) => li(
    `Move ${r.move_number}: ${r.move}` + (r.cast ? ` with ${r.votes} of ${r.cast} votes` : ' (no votes)') +
    (r.proposals.length > 1 ? `; also ${r.proposals.filter((p) => p.move !== r.move).map((p) => `${p.move} (${p.votes})`).join(', ')}` : ''))));
  const a = t.analysis_visible ? state.analysis : null;
  $('analysis-box').hidden = !t.analysis_visible;
  const last = state.game && state.game.last_analysis;
  const shown = a || last;
  $('analysis').textContent = shown && typeof shown.winrate === 'number'
    ? `Black's win rate ${(shown.winrate * 100).toFixed(1)}%` + (shown.best ? `, tengen's choice ${shown.best}` : '') +
      (typeof shown.score_lead === 'number' ? `, Black leads by ${shown.score_lead.toFixed(1)}` : '')
    : 'Nothing yet.';
  renderBoard();
}

function openStream() {
  if (state.stream) state.stream.close();
  const q = state.token ? `?token=${encodeURIComponent(state.token)}` : '';
  const es = new EventSource(`/api/teams/${state.id}/events${q}`);
  state.stream = es;
  es.addEventListener('team', (ev) => showTeam(JSON.parse(ev.data), true));
  es.addEventListener('game', (ev) => {
    state.game = JSON.parse(ev.data);
    if (!state.game.ai_thinking) state.analysis = null;
    render();
  });
  es.addEventListener('analysis', (ev) => {
    state.analysis = JSON.parse(ev.data);
    render();
  });
  es.addEventListener('deleted', () => {
    es.close();
    $('team-status').textContent = 'This game was deleted.';
  });
}

function startGame() {
  $('game').hidden = false;
  board = new BoardView($('board'), { onPlay: (v) => vote(v) });
  $('btn-pass').addEventListener('click', () => vote('pass'));
  $('btn-leave').addEventListener('click', async () => {
    try {
      await call('POST', `/api/teams/${state.id}/leave`, { token: state.token });
    } catch (e) {
      showError(e.message);
    }
    if (state.stream) state.stream.close();
    localStorage.removeItem(tokenKey(state.id));
    state.token = null;
    location.reload();
  });
  $('btn-copy').addEventListener('click', () => {
    navigator.clipboard.writeText(location.href).catch(() => {});
  });
  openStream();
  setInterval(() => { if (state.team && state.team.vote) $('team-status').textContent = statusText(); }, 250);
}

async function start() {
  const m = location.pathname.match(/^\/team\/([A-Za-z0-9_-]{1,64})\/?$/);
  if (!m) {
    setupCreate();
    return;
  }
  state.id = m[1];
  state.token = localStorage.getItem(tokenKey(state.id));
  try {
    const q = state.token ? `?token=${encodeURIComponent(state.token)}` : '';
    state.team = await call('GET', `/api/teams/${state.id}${q}`);
  } catch (e) {
    if (e.status === 403) {
      // A token of an earlier server's folder, or one that was dropped: join again.
      localStorage.removeItem(tokenKey(state.id));
      state.token = null;
    } else {
      document.querySelector('main').textContent = e.message;
      return;
    }
  }
  if (state.token) startGame();
  else setupJoin();
}

// For the tests and the curious: the page's state.
window.tengenTeam = { state };
start();

// review.js - "Analyse this game": the controls of the back end's review job (strength, start,
// cancel, progress), its graph of Black's win rate and score lead over the moves (a click steps
// the review to that move), the mistakes by points lost, and what a mistake shows on the board.
// The review itself is the game state's `review` (docs/web.md, "Game review"), kept up to date
// by the `review` events of the game's stream.

import { api } from './api.js';

const STORE_PLAYOUTS = 'tengen.reviewPlayouts';
const NS = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);

// Mistakes by the points a move lost (its player's score lead before minus after), the largest
// first; below the last, a move is not marked.
export const LEVELS = [
  { min: 10, name: 'blunder', label: 'blunder (10+ points)' },
  { min: 5, name: 'mistake', label: 'mistake (5+ points)' },
  { min: 2, name: 'inaccuracy', label: 'inaccuracy (2+ points)' },
];

export function levelOf(pointsLost) {
  const l = LEVELS.find((x) => typeof pointsLost === 'number' && pointsLost >= x.min);
  return l ? l.name : null;
}

// The moves the review marks: [{ n, move, color, lost, wrLost, best, level }] in game order;
// move n is g.moves[n - 1], best the move the review preferred in the position before it.
export function mistakesOf(g) {
  const out = [];
  const pos = g && g.review ? g.review.positions : null;
  if (!pos) return out;
  for (let n = 1; n < pos.length; n++) {
    const p = pos[n];
    const level = p ? levelOf(p.points_lost) : null;
    if (!level) continue;
    const before = pos[n - 1];
    out.push({ n, move: g.moves[n - 1], color: p.color, lost: p.points_lost, wrLost: p.winrate_lost,
      best: before ? before.best : null, level });
  }
  return out;
}

// What the board marks at move n of a step-through review: when move n was a mistake, the move
// itself (a ring of its colour) and the review's best move in its place; else null.
export function boardMarks(g, n) {
  const m = mistakesOf(g).find((x) => x.n === n);
  if (!m) return null;
  return {
    level: m.level,
    played: m.move !== 'pass' ? m.move : null,
    best: m.best && m.best !== 'pass' && m.best !== m.move ? m.best : null,
  };
}

// A sentence about move n of the review (for the review panel), or ''.
export function moveSummary(g, n) {
  const pos = g && g.review ? g.review.positions : null;
  const p = pos && pos[n];
  if (!p) return '';
  const wr = `Black ${Math.round(p.winrate * 1000) / 10}%, ${p.score_lead >= 0 ? 'Black' : 'White'} leads by ${Math.abs(p.score_lead).toFixed(1)}`;
  const m = mistakesOf(g).find((x) => x.n === n);
  if (!m) return `Review: ${wr}.`;
  const best = m.best ? `; tengen preferred ${m.best}` : '';
  return `Review: ${m.move} lost ${m.lost.toFixed(1)} points (a ${m.level})${best}. ${wr}.`;
}

// Wire the controls. ctx: { game() (the state), applyState(g), reviewTo(n),
// showMessage(text, kind), explain(err) }.
export function setupGameReview(ctx) {
  const select = $('gr-playouts');
  try {
    const saved = localStorage.getItem(STORE_PLAYOUTS);
    if (saved && [...select.options].some((o) => o.value === saved)) select.value = saved;
  } catch (e) {
    /* no storage: the default */
  }
  select.addEventListener('change', () => {
    try {
      localStorage.setItem(STORE_PLAYOUTS, select.value);
    } catch (e) {
      /* not kept */
    }
  });
  $('gr-start').addEventListener('click', async () => {
    const g = ctx.game();
    if (!g) return;
    try {
      ctx.applyState(await api.review(g.id, Number(select.value)));
    } catch (err) {
      ctx.showMessage(ctx.explain(err));
    }
  });
  $('gr-cancel').addEventListener('click', async () => {
    const g = ctx.game();
    if (!g) return;
    try {
      ctx.applyState(await api.cancelReview(g.id));
    } catch (err) {
      ctx.showMessage(ctx.explain(err));
    }
  });
  $('gr-graph').addEventListener('click', (ev) => {
    const g = ctx.game();
    if (!g || !g.move_number) return;
    const r = $('gr-graph').getBoundingClientRect();
    ctx.reviewTo(Math.round(((ev.clientX - r.left) / r.width) * g.move_number));
  });
  $('gr-mistakes').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-move]');
    if (b) ctx.reviewTo(Number(b.dataset.move));
  });
}

// Draw the card for game g (null: none); shown is the move of a step-through review or null.
export function renderGameReview(g, shown) {
  const card = $('game-review');
  card.hidden = !g || !g.move_number;
  if (card.hidden) return;
  const rv = g.review;
  const running = !!g.reviewing;
  const done = rv ? rv.done : 0;
  const total = rv ? rv.total : g.move_number + 1;
  $('gr-start').disabled = running || g.ai_thinking;
  $('gr-start').textContent = rv && !running ? 'Analyse again' : 'Analyse this game';
  $('gr-cancel').hidden = !running;
  $('gr-playouts').disabled = running;
  const bar = $('gr-progress');
  bar.hidden = !running;
  bar.max = total;
  bar.value = done;
  let text = '';
  if (running) {
    text = `Analysing: ${done} of ${total} positions (${(rv ? rv.playouts : 0).toLocaleString('en')} playouts each)…`;
  } else if (rv) {
    text = done === total
      ? `Every position analysed at ${rv.playouts.toLocaleString('en')} playouts.`
      : `${done} of ${total} positions analysed at ${rv.playouts.toLocaleString('en')} playouts.`;
  } else {
    text = 'tengen searches every position of the game and marks the moves that lost points.';
  }
  $('gr-status').textContent = text;
  const marks = mistakesOf(g);
  renderList(marks);
  renderChart(g, marks, shown);
}

function renderList(marks) {
  const list = $('gr-mistakes');
  list.replaceChildren();
  const worst = [...marks].sort((a, b) => b.lost - a.lost).slice(0, 8);
  for (const m of worst) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `gr-mistake ${m.level}`;
    b.dataset.move = String(m.n);
    b.setAttribute('data-testid', 'review-mistake');
    b.textContent = `${m.n}. ${m.color === 'black' ? 'B' : 'W'} ${m.move}: −${m.lost.toFixed(1)}` +
      (m.best ? ` (best ${m.best})` : '');
    b.title = `Move ${m.n}, a ${m.level}: it lost ${m.lost.toFixed(1)} points` +
      (typeof m.wrLost === 'number' ? ` and ${Math.round(m.wrLost * 1000) / 10}% of win rate` : '');
    li.appendChild(b);
    list.appendChild(li);
  }
  $('gr-mistakes-box').hidden = !marks.length;
}

function renderChart(g, marks, shown) {
  const svg = $('gr-graph');
  svg.replaceChildren();
  const W = 300;
  const H = 100;
  const n = Math.max(1, g.move_number);
  const X = (i) => (i / n) * W;
  const mk = (name, attrs) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    svg.appendChild(e);
    return e;
  };
  mk('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: 'mid' });
  const pos = g.review ? g.review.positions : [];
  // Score leads on a scale of at least ±10 points, so that a close game stays near the middle.
  const maxLead = Math.max(10, ...pos.filter(Boolean).map((p) => Math.abs(p.score_lead)));
  const path = (value) => {
    let d = '';
    let open = false;
    pos.forEach((p, i) => {
      if (!p) {
        open = false;
        return;
      }
      d += `${open ? 'L' : 'M'}${X(i).toFixed(1)},${value(p).toFixed(1)} `;
      open = true;
    });
    return d.trim();
  };
  // The move shown first, so that the mark of a mistake there stays visible over it.
  if (shown !== null && shown !== undefined) mk('line', { x1: X(shown), x2: X(shown), y1: 0, y2: H, class: 'now' });
  for (const m of marks) {
    const h = m.level === 'blunder' ? H : m.level === 'mistake' ? 0.7 * H : 0.45 * H;
    const bar = mk('rect', { x: (X(m.n) - 1.5).toFixed(1), y: (H - h).toFixed(1), width: 3, height: h.toFixed(1),
      class: `mark ${m.level}`, 'data-move': m.n });
    const t = document.createElementNS(NS, 'title');
    t.textContent = `Move ${m.n}: −${m.lost.toFixed(1)} points`;
    bar.appendChild(t);
  }
  const lead = path((p) => H / 2 - (p.score_lead / maxLead) * (H / 2));
  if (lead) mk('path', { d: lead, class: 'lead' });
  const wr = path((p) => (1 - p.winrate) * H);
  if (wr) mk('path', { d: wr, class: 'winrate' });
  svg.setAttribute('aria-label', pos.some(Boolean)
    ? `Black's win rate and score lead over the game (score scale ±${Math.round(maxLead)} points); ${marks.length} moves marked`
    : 'The review graph appears once the game is analysed');
}

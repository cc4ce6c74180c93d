// search_merge.js - root parallelism's arithmetic: several engines searched the same position,
// each its own tree with its own seed (engine_pool.js), and their root statistics are summed
// here as if one search had made them. Pure functions over GTP text, no worker in sight.
//
// A kata-analyze info line lists the root's moves ("info move D4 visits 120 winrate 0.52
// scoreLead 1.3 prior 0.08 ... pv D4 Q16 ...") and, last, the ownership of every point. The
// numbers are the player to move's, the same side in every engine, so they add up directly.

import { readInfoLine } from './analysis_lines.js';

// One kata info line -> { moves: Map(move -> {visits, winrate, scoreLead, prior, pv}),
// ownership: number[] | null }. Words it does not know are skipped.
export function parseKataLine(line) {
  const { candidates, ownership } = readInfoLine(line);
  const moves = new Map();
  for (const c of candidates) if (c.move && !moves.has(c.move)) moves.set(c.move, c);
  return { moves, ownership: ownership ? ownership.filter(Number.isFinite) : null };
}

// The info lines of several engines' searches of one position -> one info line of the sums:
// each move's visits added, its win rate and score lead averaged by visits, its line (pv) from
// the engine that visited it most, the moves ordered by their summed visits; the ownership
// averaged with each engine weighted by its playouts. Empty text when no line has a move.
export function mergeInfoLines(lines) {
  const sums = new Map();
  const owners = [];
  for (const line of lines) {
    if (!line) continue;
    const { moves, ownership } = parseKataLine(line);
    let playouts = 0;
    for (const [move, c] of moves) {
      playouts += c.visits;
      const s = sums.get(move) || { move, visits: 0, win: 0, lead: 0, prior: c.prior, pv: c.pv, pvVisits: -1 };
      s.visits += c.visits;
      s.win += c.winrate * c.visits;
      s.lead += c.scoreLead * c.visits;
      if (c.visits > s.pvVisits) {
        s.pv = c.pv;
        s.pvVisits = c.visits;
      }
      sums.set(move, s);
    }
    if (ownership && ownership.length) owners.push({ ownership, weight: Math.max(playouts, 1) });
  }
  if (!sums.size) return '';
  const ranked = [...sums.values()].sort((a, b) => b.visits - a.visits);
  const parts = ranked.map((s, order) => {
    const n = Math.max(s.visits, 1);
    const pv = s.pv.length ? s.pv.join(' ') : s.move;
    return `info move ${s.move} visits ${s.visits} winrate ${(s.win / n).toFixed(6)} ` +
      `scoreMean ${(s.lead / n).toFixed(2)} scoreLead ${(s.lead / n).toFixed(2)} prior ${s.prior} order ${order} pv ${pv}`;
  });
  const points = owners.length ? Math.min(...owners.map((o) => o.ownership.length)) : 0;
  if (points) {
    const total = owners.reduce((t, o) => t + o.weight, 0);
    const mean = [];
    for (let p = 0; p < points; p++) mean.push((owners.reduce((t, o) => t + o.ownership[p] * o.weight, 0) / total).toFixed(4));
    parts.push(`ownership ${mean.join(' ')}`);
  }
  return parts.join(' ');
}

// The move to play after several engines' genmoves of one position: among the moves they chose
// (each engine's own decisions kept: a pass it judged safe, a real move for a pass that gives the
// game away), the one with the most visits in the summed statistics (merged: mergeInfoLines'
// text); ties go to the first engine's choice. "resign" only when every engine resigned.
export function chooseMove(choices, merged) {
  const played = choices.filter((m) => m && m.toLowerCase() !== 'resign');
  if (!played.length) return 'resign';
  const { moves } = parseKataLine(merged);
  let best = played[0];
  let most = -1;
  for (const m of played) {
    const c = moves.get(m.toUpperCase());
    const visits = c ? c.visits : 0;
    if (visits > most) {
      best = m;
      most = visits;
    }
  }
  return best;
}

// Several answers of tengen-review ("WINRATE SCORE_LEAD BEST VISITS PLAYOUTS", Black's numbers)
// for one position -> one answer: the win rate and score lead averaged by playouts, the best
// move the one whose engines' visits add up to most, its summed visits, the playouts added.
export function mergeReviewAnswers(answers) {
  let playouts = 0;
  let win = 0;
  let lead = 0;
  const best = new Map();
  for (const a of answers) {
    const f = String(a).trim().split(/\s+/);
    const n = Number(f[4]);
    if (f.length < 5 || !(n > 0)) continue;
    playouts += n;
    win += Number(f[0]) * n;
    lead += Number(f[1]) * n;
    best.set(f[2], (best.get(f[2]) || 0) + Number(f[3]));
  }
  if (!playouts) return answers.length ? String(answers[0]).trim() : '';
  const [move, visits] = [...best.entries()].sort((a, b) => b[1] - a[1])[0];
  return `${(win / playouts).toFixed(4)} ${(lead / playouts).toFixed(2)} ${move} ${visits} ${playouts}`;
}

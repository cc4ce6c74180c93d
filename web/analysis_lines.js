// analysis_lines.js - the info lines of kata-analyze and kata-genmove_analyze (docs/gtp.md) read
// into the server's `analysis` event (docs/web.md): the numbers turned from the player to move's
// side to Black's, at most 10 candidates with their first 12 moves, ownership rows from the top.

const MAX_CANDIDATES = 10;
const MAX_PV = 12;

// The words of one info line: its candidates in order, {move, visits, winrate, scoreLead, prior,
// pv} (the player to move's numbers; words it does not know are skipped), and the numbers after
// the word "ownership", unchecked (null when there is none).
export function readInfoLine(line) {
  const words = String(line).trim().split(/\s+/);
  const candidates = [];
  let ownership = null;
  let cur = null;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === 'info') {
      cur = { move: '', visits: 0, winrate: 0, scoreLead: 0, prior: 0, pv: [] };
      candidates.push(cur);
    } else if (w === 'ownership') {
      ownership = words.slice(i + 1).map(Number);
      break;
    } else if (w === 'pv' && cur) {
      while (i + 1 < words.length && !['info', 'ownership', 'pvVisits'].includes(words[i + 1])) cur.pv.push(words[++i]);
    } else if (cur && i + 1 < words.length && ['move', 'visits', 'winrate', 'scoreLead', 'prior'].includes(w)) {
      const value = words[++i];
      cur[w] = w === 'move' ? value.toUpperCase() : Number(value);
    }
  }
  return { candidates, ownership };
}

// One info line -> { candidates: [{move, visits, winrate, scoreLead, prior, pv}], ownership }
// (the player to move's numbers), or null for a line with no move.
export function parseInfoLine(line, size, toMove) {
  const read = readInfoLine(line);
  const values = read.ownership ? read.ownership.slice(0, size * size) : [];
  const ownership = values.length === size * size && values.every(Number.isFinite) ? values : null;
  const moves = read.candidates.filter((c) => c.move);
  if (!moves.length) return null;
  return { candidates: moves, ownership, toMove };
}

// The `analysis` event of a parsed line: at.move_number, at.to_move, at.seconds, at.final.
export function analysisEvent(info, at) {
  const black = at.to_move === 'black';
  const wr = (w) => Math.round((black ? w : 1 - w) * 1000) / 1000;
  const lead = (s) => Math.round((black ? s : -s) * 10) / 10;
  const size = info.ownership ? Math.round(Math.sqrt(info.ownership.length)) : 0;
  const best = info.candidates[0];
  const playouts = info.candidates.reduce((n, c) => n + c.visits, 0);
  const rows = [];
  for (let y = 0; y < size; y++) {
    rows.push(info.ownership.slice(y * size, (y + 1) * size).map((v) => Math.round((black ? v : -v) * 100) / 100));
  }
  return {
    move_number: at.move_number, to_move: at.to_move,
    playouts, seconds: Math.round(at.seconds * 100) / 100, final: !!at.final,
    winrate: wr(best.winrate), score_lead: lead(best.scoreLead), best: best.move.toUpperCase() === 'PASS' ? 'pass' : best.move,
    candidates: info.candidates.slice(0, MAX_CANDIDATES).map((c) => ({
      move: c.move === 'PASS' ? 'pass' : c.move, visits: c.visits, winrate: wr(c.winrate),
      score_lead: lead(c.scoreLead), prior: Math.round(c.prior * 1000) / 1000,
      pv: c.pv.slice(0, MAX_PV).map((m) => (m.toUpperCase() === 'PASS' ? 'pass' : m.toUpperCase())),
    })),
    ownership: size ? rows : null,
  };
}

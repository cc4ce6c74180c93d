// search_merge.mjs - the browser half of tests/search_merge.sh: web/search_merge.js, the sums of
// several engine workers' root statistics (root parallelism), on info lines in the format tengen's
// kata-analyze writes (docs/gtp.md) and on tengen-review answers.
//
// usage: node tests/search_merge.mjs   (from the source root)
import assert from 'node:assert/strict';
import { chooseMove, mergeInfoLines, mergeReviewAnswers, parseKataLine } from '../web/search_merge.js';

let failures = 0;
function check(what, fn) {
  try {
    fn();
    console.log(`ok: ${what}`);
  } catch (e) {
    failures++;
    console.log(`FAIL: ${what}\n${e.message}`);
  }
}

// One candidate as tengen writes it, with the fields the merge must skip.
const cand = (move, visits, winrate, lead, prior, pv) =>
  `info move ${move} visits ${visits} utility 0.1 winrate ${winrate} scoreMean ${lead} scoreStdev 9.1 ` +
  `scoreLead ${lead} prior ${prior} lcb 0.4 order 0 pv ${pv}`;

// Two workers' lines for a 2x2 board (four points of ownership).
const w1 = [cand('B2', 300, 0.6, 2, 0.5, 'B2 A1 A2'), cand('A1', 100, 0.4, -1, 0.3, 'A1 B2')].join(' ') +
  ' ownership 1 0.5 -0.5 -1';
const w2 = [cand('A1', 500, 0.5, 1, 0.3, 'A1 A2 B2'), cand('b2', 100, 0.3, -2, 0.5, 'B2 A2'), cand('pass', 0, 0, 0, 0.01, 'pass')].join(' ') +
  ' ownership 0 0 0 0.2';

check('a line is read: moves in upper case, unknown words skipped, the ownership', () => {
  const { moves, ownership } = parseKataLine(w2);
  assert.deepEqual([...moves.keys()], ['A1', 'B2', 'PASS']);
  assert.equal(moves.get('A1').visits, 500);
  assert.equal(moves.get('A1').scoreLead, 1);
  assert.deepEqual(moves.get('A1').pv, ['A1', 'A2', 'B2']);
  assert.deepEqual(ownership, [0, 0, 0, 0.2]);
});

check('visits add up, win rate and score lead are averaged by visits, moves ranked by the sums', () => {
  const { moves } = parseKataLine(mergeInfoLines([w1, w2]));
  assert.deepEqual([...moves.keys()], ['A1', 'B2', 'PASS']);
  const a1 = moves.get('A1');
  assert.equal(a1.visits, 600);
  assert.ok(Math.abs(a1.winrate - (100 * 0.4 + 500 * 0.5) / 600) < 1e-6);
  assert.ok(Math.abs(a1.scoreLead - (100 * -1 + 500 * 1) / 600) < 0.01);
  const b2 = moves.get('B2');
  assert.equal(b2.visits, 400);
  assert.ok(Math.abs(b2.winrate - (300 * 0.6 + 100 * 0.3) / 400) < 1e-6);
});

check('a move\'s line comes from the worker that visited it most', () => {
  const { moves } = parseKataLine(mergeInfoLines([w1, w2]));
  assert.deepEqual(moves.get('A1').pv, ['A1', 'A2', 'B2']);
  assert.deepEqual(moves.get('B2').pv, ['B2', 'A1', 'A2']);
});

check('the ownership is averaged with each worker weighted by its playouts', () => {
  const { ownership } = parseKataLine(mergeInfoLines([w1, w2]));
  // w1: 400 playouts, w2: 600.
  const want = [0.4, 0.2, -0.2, (400 * -1 + 600 * 0.2) / 1000];
  want.forEach((v, i) => assert.ok(Math.abs(ownership[i] - v) < 1e-4, `${ownership[i]} vs ${v}`));
});

check('one line merges to itself; empty lines and lines without moves give nothing', () => {
  const { moves } = parseKataLine(mergeInfoLines(['', w1]));
  assert.equal(moves.get('B2').visits, 300);
  assert.equal(moves.get('A1').visits, 100);
  assert.equal(mergeInfoLines(['', 'info', 'garbage 1 2']), '');
});

check('the move played is the workers\' choice with the most summed visits', () => {
  const merged = mergeInfoLines([w1, w2]);
  assert.equal(chooseMove(['B2', 'A1'], merged), 'A1');
  assert.equal(chooseMove(['B2', 'B2'], merged), 'B2'); // never a move no worker chose
  assert.equal(chooseMove(['pass', 'B2'], merged), 'B2');
  assert.equal(chooseMove(['resign', 'B2'], merged), 'B2');
  assert.equal(chooseMove(['resign', 'resign'], merged), 'resign');
  assert.equal(chooseMove(['C3', 'D4'], ''), 'C3'); // no statistics: the first worker's
});

check('review answers: averaged by playouts, the best by summed visits, playouts added', () => {
  const f = mergeReviewAnswers(['0.6000 2.00 B2 300 400', '0.3000 -1.00 A1 500 600', '0.5000 1.00 B2 250 500'])
    .split(' ');
  assert.ok(Math.abs(Number(f[0]) - (0.6 * 400 + 0.3 * 600 + 0.5 * 500) / 1500) < 1e-4);
  assert.ok(Math.abs(Number(f[1]) - (2 * 400 - 600 + 500) / 1500) < 0.01);
  assert.equal(f[2], 'B2');
  assert.equal(Number(f[3]), 550);
  assert.equal(Number(f[4]), 1500);
});

check('review answers cut short (no playouts) are left out; all cut short stays cut short', () => {
  assert.equal(mergeReviewAnswers(['0.9 9 C3 0 0', '0.4000 1.00 A1 10 20']), '0.4000 1.00 A1 10 20');
  assert.equal(Number(mergeReviewAnswers(['0.5 0 pass 0 0', '0.5 0 pass 0 0']).split(' ')[4]), 0);
});

process.exit(failures ? 1 : 0);

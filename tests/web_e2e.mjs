// web_e2e.mjs - the browser half of tests/web_e2e.sh: Debian chromium, driven by playwright-core,
// plays the web game the way a person would (clicks, keys, dialogs) and checks what the page shows.
//
// usage: node tests/web_e2e.mjs play|resume URL PROFILE_DIR ARTIFACT_DIR SCRATCH_DIR
//   play:   a 9x9 game (click, AI answer with live analysis, an illegal move explained, undo,
//           the territory estimate right after a reload, pass, review keys, the analysis of the
//           positions reviewed with the candidates' lines on the board), "move now" and undo
//           while tengen thinks, a 5x5 game to the end (passes, a disputed dead group, the count
//           in words), SGF download, reload, SGF upload and "play on from here" (also after two
//           moves of one colour), the game tree of an uploaded file (a variation opened from
//           the tree, its comment, ArrowDown to the next one, a move tried and commented there,
//           kept through a reload and in the download; the markup of the node shown drawn, a
//           variation's position analysed and played on from, an undo that keeps in the tree
//           the moves it takes back), suicide, ko and superko explained, the questions before a pass that ends the game
//           and before resigning, the coordinates clear of the stones, an Atari Go game against
//           the alpha-beta engine, "Analyse this game" (progress, graph, mistakes marked on the
//           board, kept across a reload; a move while it runs asks first), the count in dark
//           mode, the saved games list, a phone-sized screenshot,
//           tapping twice to play on a touch screen, sounds, and clocks (a game with a clock preset:
//           both shown, mine ticking, tengen's charged; a 3 s clock of the custom fields let run
//           out: red, ticking with the sounds on, the loss on time shown).
//   resume: after the server restarted, the same browser profile opens the page and finds the
//           game where it was, and play goes on.
// Every wait is on a condition (never a fixed sleep); one step's limit is STEP_MS.

import { chromium } from 'playwright-core';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [phase, url, profile, artifacts, scratch] = process.argv.slice(2);
if (!['play', 'resume'].includes(phase) || !url || !profile || !artifacts || !scratch) {
  console.error('usage: node tests/web_e2e.mjs play|resume URL PROFILE_DIR ARTIFACT_DIR SCRATCH_DIR');
  process.exit(2);
}
const STEP_MS = 20000;
const memo = join(scratch, 'e2e-memo.json');

let stepName = 'start';
const t0 = Date.now();
const step = (name) => {
  stepName = name;
  if (process.env.WEB_E2E_VERBOSE) console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${name}`);
};

function check(cond, msg) {
  if (!cond) throw new Error('check failed: ' + msg);
}

const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1280, height: 860 },
  acceptDownloads: true,
});
context.setDefaultTimeout(STEP_MS);
const page = context.pages()[0] || (await context.newPage());
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(e.message));
page.on('dialog', (d) => d.accept()); // the confirm() of delete

const tid = (id) => page.locator(`[data-testid="${id}"]`);
const stone = (v) => page.locator(`#board [data-stone="${v}"]`);
const game = () => page.evaluate(() => window.tengen.state.game);
const shot = (name) => page.screenshot({ path: join(artifacts, name) });

// No coordinate label within a stone's reach: every label's box lies outside the grid grown by a
// stone's radius, and the labels' boxes on the screen miss the stone at `corner` (when given).
async function checkLabelsClear(corner) {
  const bad = await page.evaluate((v) => {
    const svg = document.getElementById('board');
    const n = window.tengen.state.game.size - 1;
    const r = 0.475;
    const labels = [...svg.querySelectorAll('.coords text')];
    const out = [];
    for (const t of labels) {
      const b = t.getBBox();
      if (b.x < n + r && b.x + b.width > -r && b.y < n + r && b.y + b.height > -r) out.push(`${t.textContent} in the stones' reach`);
    }
    if (v) {
      const s = svg.querySelector(`[data-stone="${v}"] .body`).getBoundingClientRect();
      for (const t of labels) {
        const b = t.getBoundingClientRect();
        if (b.left < s.right && b.right > s.left && b.top < s.bottom && b.bottom > s.top) out.push(`${t.textContent} under ${v}`);
      }
    }
    return out;
  }, corner);
  check(bad.length === 0, 'no coordinate under a stone: ' + bad.join(', '));
}

// The page's idea of the game once it is the human's turn again, or the game has left play.
// The empty points of the current game's board, as vertices.
function emptyVertices() {
  return page.$$eval('#board [data-vertex]', (els) => {
    const g = window.tengen.state.game;
    return els.map((e) => e.dataset.vertex).filter((v) => {
      const x = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'.indexOf(v[0]);
      const y = g.size - Number(v.slice(1));
      return g.board[y][x] === '.';
    });
  });
}

async function waitHumanTurn() {
  await page.waitForFunction(() => {
    const s = window.tengen && window.tengen.state;
    const g = s && s.game;
    if (!g || g.ai_thinking || s.genmoveInFlight || s.pending) return false;
    return g.phase !== 'play' || g.to_move === g.human;
  });
  return game();
}

// Pass (press: a click or a key); a pass that can end the game asks first, and is confirmed.
// Returns whether the page asked.
async function passAsked(press) {
  const n = (await game()).move_number;
  const askedOrPassed = (m) => document.getElementById('dlg-confirm').open || window.tengen.state.game.move_number > m;
  await press();
  await page.waitForFunction(askedOrPassed, n);
  if (!(await tid('confirm-dialog').isVisible())) return false;
  check(/ends and is counted/.test(await tid('confirm-dialog').textContent()), 'the question says the game ends and is counted');
  await tid('confirm-ok').click();
  await tid('confirm-dialog').waitFor({ state: 'hidden' });
  await page.waitForFunction((m) => window.tengen.state.game.move_number > m, n);
  return true;
}

async function newGame(fields) {
  const dlg = tid('new-game-dialog');
  if (!(await dlg.isVisible())) await page.keyboard.press('n');
  await dlg.waitFor({ state: 'visible' });
  await tid('f-size').fill(String(fields.size));
  await tid('f-rules').selectOption(fields.rules);
  await tid('f-komi').fill(String(fields.komi));
  await tid('f-colour').selectOption('black');
  await tid('f-engine').selectOption(fields.engine || 'mcts');
  await tid('f-strength').selectOption('custom');
  await tid('f-playouts').fill(String(fields.playouts));
  await tid('f-seconds').fill(String(fields.seconds));
  // The clock: a preset's name, or { type, minutes, ... } for the custom fields; none by default.
  const clock = fields.clock || 'none';
  await tid('f-clock').selectOption(typeof clock === 'string' ? clock : 'custom');
  if (typeof clock === 'object') {
    await tid('f-clock-type').selectOption(clock.type);
    await tid('f-clock-main').fill(String(clock.minutes));
    if (clock.periods) await tid('f-clock-periods').fill(String(clock.periods));
    if (clock.period) await tid('f-clock-period').fill(String(clock.period));
    if (clock.increment !== undefined) await tid('f-clock-increment').fill(String(clock.increment));
  }
  await tid('start-game').click();
  await dlg.waitFor({ state: 'hidden' });
  await page.waitForFunction((n) => {
    const g = window.tengen.state.game;
    return g && g.size === n && g.move_number === 0;
  }, fields.size);
  return game();
}

async function playPhase() {
  await page.goto(url);
  // A first visit opens the New game dialog by itself.
  step('A first visit opens the New game dialog by itself');
  await tid('new-game-dialog').waitFor({ state: 'visible' });
  await shot('01-new-game.png');
  // Let tengen think by time only, long enough to watch its analysis (2 s: on a loaded machine
  // under the sanitizers 1 s gave too few analysis reports to see the candidates on the board).
  step('Let tengen think by time only, long enough to watch its analysis');
  let g = await newGame({ size: 9, rules: 'chinese', komi: 7.5, playouts: 0, seconds: 2 });
  check(/#game=/.test(page.url()), 'the URL names the game: ' + page.url());
  await page.locator('#board [data-vertex]').first().waitFor();
  check((await page.locator('#board [data-vertex]').count()) === 81, '81 intersections');
  check(/Your move/.test(await tid('status').textContent()), 'status says it is my move');

  // A click plays; tengen thinks visibly with live win rate and candidates, then answers.
  step('A click plays');
  await page.locator('#board [data-vertex="E5"]').click();
  await stone('E5').waitFor();
  check(await stone('E5').evaluate((e) => e.classList.contains('black')), 'E5 is black');
  await tid('thinking').waitFor({ state: 'visible' });
  await page.locator('[data-testid="candidates"] tbody tr').first().waitFor();
  await page.waitForFunction(() => /%/.test(document.querySelector('[data-testid="winrate"]').textContent));
  await page.locator('#board .cand').first().waitFor();
  await shot('02-ai-thinking.png');
  g = await waitHumanTurn();
  check(g.moves.length === 2 && g.moves[0] === 'E5', 'two moves after the AI answered: ' + g.moves);
  const aiMove = g.moves[1];
  check(aiMove !== 'pass', 'the AI answered with a stone');
  await page.locator('#board .stone.white').first().waitFor();
  check((await page.locator('#board .stone.white').count()) === 1, 'one white stone on the board');
  check((await tid('last-move').count()) === 1, 'the last move is marked');
  check(await tid('thinking').isHidden(), 'no thinking indicator once the AI moved');
  check((await tid('status').textContent()).includes(`tengen played ${aiMove}.`), 'the status says where tengen played');
  // A mouse over a free point shows the next stone there.
  await page.locator('#board [data-vertex="A1"]').hover();
  await page.locator('#board .hover .preview').waitFor();
  // ? shows the keys; Escape closes them.
  await page.keyboard.press('?');
  await tid('help-dialog').waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  await tid('help-dialog').waitFor({ state: 'hidden' });

  // An illegal click is explained in words, in a live region.
  step('An illegal click is explained in words, in a live region');
  await page.locator(`#board [data-vertex="${aiMove}"]`).click();
  await page.waitForFunction(() => /occupied/i.test(document.querySelector('[data-testid="message"]').textContent));
  check(await tid('message').isVisible(), 'the refusal is visible');
  check((await tid('message').getAttribute('aria-live')) === 'assertive', 'the refusal is announced');
  check((await game()).moves.length === 2, 'the illegal move changed nothing');

  // Undo takes back my move and tengen's answer.
  step('Undo takes back my move and tengen\'s answer');
  await tid('undo').click();
  await page.waitForFunction(() => window.tengen.state.game.move_number === 0);
  await page.waitForFunction(() => document.querySelectorAll('#board .stone').length === 0);

  // Play on: a click, then a move from the keyboard (focus the board, move the cursor, Enter).
  step('Play on');
  await page.locator('#board [data-vertex="C3"]').click();
  await stone('C3').waitFor();
  g = await waitHumanTurn();
  check(g.phase === 'play' && g.moves.length === 2, 'tengen answered C3');
  // (As if reached with Tab: a click's focus leaves the arrow keys to the review.)
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.locator('#board').focus();
  await page.locator('#board .cursor-box').waitFor();
  const before = g.move_number;
  for (let tries = 0; tries < 9 && (await game()).move_number === before; tries++) {
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !window.tengen.state.pending);
  }
  check((await game()).move_number > before, 'a move played with the keyboard');
  g = await waitHumanTurn();
  check(g.phase === 'play', 'still playing after four moves');
  await page.evaluate(() => document.activeElement && document.activeElement.blur());

  // Analysis views: ownership heat map, move numbers, the win-rate graph.
  step('Analysis views');
  await page.locator('body').focus();
  await page.keyboard.press('t');
  await page.keyboard.press('m');
  await page.locator('#board .ownership rect').first().waitFor();
  await page.locator('#board .num').first().waitFor();
  await page.locator('#graph .curve').waitFor();
  await shot('03-midgame-analysis.png');
  // The territory estimate is there right after a reload (the state has the last search).
  step('The territory estimate after a reload');
  await page.reload();
  await page.waitForFunction((id) => window.tengen.state.game && window.tengen.state.game.id === id, g.id);
  await page.locator('#board .ownership rect').first().waitFor();
  check(!(await game()).ai_thinking, 'no search was needed for it');
  await page.locator('body').focus();
  await page.keyboard.press('t');
  await page.keyboard.press('m');

  // Review with the arrow keys, then back.
  step('Review with the arrow keys, then back');
  await page.keyboard.press('ArrowLeft');
  await tid('review').waitFor({ state: 'visible' });
  await page.waitForFunction((n) => /Reviewing move/.test(document.querySelector('[data-testid="status"]').textContent) &&
    window.tengen.state.review && window.tengen.state.review.n === n - 1, g.move_number);
  await page.keyboard.press('Home');
  await page.waitForFunction(() => window.tengen.state.review && window.tengen.state.review.n === 0 &&
    document.querySelectorAll('#board .stone').length === 0);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.tengen.state.review.n === 1 && document.querySelectorAll('#board .stone').length === 1);
  await page.keyboard.press('Escape');
  await tid('review').waitFor({ state: 'hidden' });

  // On my turn: a hint (a short analysis) marks a point; "Analyze" shows the candidates with
  // their visits until I play, and my move ends the analysis on the server.
  step('Hint and analysis on my turn');
  const nA = (await game()).move_number;
  await tid('hint').click();
  await tid('hint-mark').waitFor();
  const hinted = await tid('hint-mark').getAttribute('data-hint');
  check(await page.evaluate((v) => !document.querySelector(`#board [data-stone="${v}"]`), hinted), 'the hint is a free point: ' + hinted);
  check((await tid('message').textContent()).includes(`Hint: tengen would play ${hinted}`), 'the hint is said in words');
  await page.keyboard.press('a');
  await page.waitForFunction(() => window.tengen.state.game.analyzing);
  check((await tid('analyze').getAttribute('aria-pressed')) === 'true', 'Analyze is pressed');
  await page.waitForFunction((m) => {
    const a = window.tengen.state.analysis;
    return a && a.move_number === m && !a.final && document.querySelector('#board .cand .cand-visits');
  }, nA);
  await shot('03a-analysis.png');
  const cand = await page.evaluate(() => window.tengen.state.analysis.candidates.find((c) => c.move !== 'pass').move);
  const played = page.waitForResponse((res) => res.url().endsWith('/play'));
  await page.locator(`#board [data-vertex="${cand}"]`).click();
  const afterPlay = await (await played).json();
  check(afterPlay.move_number === nA + 1 && !afterPlay.analyzing, 'my move ended the analysis');
  await tid('hint-mark').waitFor({ state: 'detached' });
  // "Analyze" stays on: my next turn is analysed again, until I turn it off.
  g = await waitHumanTurn();
  await page.waitForFunction((m) => window.tengen.state.game.analyzing && window.tengen.state.game.move_number === m, nA + 2);
  await tid('analyze').click();
  await page.waitForFunction(() => !window.tengen.state.game.analyzing);
  check((await tid('analyze').getAttribute('aria-pressed')) === 'false', 'Analyze is off');

  // In a review, A analyses the position shown ({"move": N}) and keeps its candidates (win rate
  // and score lead for the player to move there, most visited first) with their lines; a step
  // to another move analyses that one; back in the game, my turn is analysed again.
  step('Analysis while reviewing');
  const nR = (await game()).move_number;
  const analyzeAsked = (n) => page.waitForRequest((req) => req.url().endsWith('/analyze') && req.method() === 'POST' &&
    JSON.parse(req.postData() || '{}').move === n);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((n) => window.tengen.state.review && window.tengen.state.review.n === n, nR - 2);
  let asked = analyzeAsked(nR - 2);
  await page.keyboard.press('a');
  await asked;
  check((await tid('review-analyze').getAttribute('aria-pressed')) === 'true', 'Analyze is pressed in the review');
  const reviewSeen = (n) => page.waitForFunction((m) => {
    const a = window.tengen.state.reviewAnalysis;
    const marks = [...document.querySelectorAll('#board .cand')];
    if (!a || a.move_number !== m || a.candidates.length < 2 || marks.length < 2) return null;
    return {
      a,
      side: document.querySelector('[data-testid="candidates-side"]').textContent,
      rows: [...document.querySelectorAll('[data-testid="candidates"] tbody tr')].map((tr) => [...tr.cells].map((td) => td.textContent)),
      marks: marks.map((c) => c.dataset.cand),
      stones: [...document.querySelectorAll('#board [data-stone]')].map((e) => e.dataset.stone),
      text: document.querySelector('[data-testid="winrate"]').textContent,
    };
  }, n).then((h) => h.jsonValue());
  let seen = await reviewSeen(nR - 2);
  const mover = (n) => (n % 2 === 0 ? 'black' : 'white');
  const checkList = (v, n) => {
    const who = mover(n) === 'black' ? 'Black' : 'White';
    check(v.a.to_move === mover(n), `the analysis is of move ${n}: ${v.a.to_move} to play`);
    check(v.side.includes(`${who} to play`) && v.side.includes(`for ${who}`), 'the list says whose numbers they are: ' + v.side);
    check(v.rows.length >= 2, 'the list has the candidates');
    const visits = v.rows.map((r) => Number(r[3].replace(/,/g, '')));
    check(visits.every((x, i) => i === 0 || visits[i - 1] >= x), 'most visited first: ' + visits);
    for (const r of v.rows) {
      const c = v.a.candidates.find((x) => x.move === r[0]);
      check(c && c.visits === Number(r[3].replace(/,/g, '')), 'a row is a candidate: ' + r);
      const w = v.a.to_move === 'black' ? c.winrate : 1 - c.winrate;
      const lead = v.a.to_move === 'black' ? c.score_lead : -c.score_lead;
      check(typeof c.score_lead === 'number' && Math.abs(Number(r[2].replace('−', '-')) - lead) < 0.051, `the lead for the mover: ${r} (${c.score_lead})`);
      check(Math.abs(parseFloat(r[1]) - w * 100) < 0.051, `the win rate for the mover: ${r}`);
    }
    check(v.marks.every((m) => !v.stones.includes(m)), 'the candidates on the board are free points of the position shown');
    check(v.marks[0] === v.rows.find((r) => r[0] !== 'pass')[0], 'the most visited candidate is drawn first');
    check(/playouts, move \d+\)/.test(v.text) && v.text.includes(`move ${n})`), 'the win rate is the reviewed position\'s: ' + v.text);
  };
  checkList(seen, nR - 2);
  // Hovering a candidate on the board draws its line: numbered stones, the mover's colour first.
  const best = seen.marks[0];
  await page.locator(`#board [data-vertex="${best}"]`).hover();
  const line = await page.waitForFunction((v) => {
    const a = window.tengen.state.reviewAnalysis;
    const c = a && a.candidates.find((x) => x.move === v);
    const drawn = [...document.querySelectorAll('#board [data-pv]')].map((e) => [e.dataset.pv, Number(e.dataset.pvN), e.classList.contains('black')]);
    if (!c || !drawn.length) return null;
    return { drawn, pv: c.pv, mover: a.to_move, hidden: document.getElementById('board').classList.contains('showing-line') };
  }, best).then((h) => h.jsonValue());
  const want = line.pv.map((v, i) => [v, i + 1]).filter(([v]) => v !== 'pass');
  check(JSON.stringify(line.drawn.map(([v, i]) => [v, i])) === JSON.stringify(want), `the line drawn is the candidate's: ${JSON.stringify(line.drawn)} vs ${line.pv}`);
  check(line.drawn[0][0] === best && line.drawn[0][2] === (line.mover === 'black'), 'the line starts at the candidate, in the mover\'s colour');
  check(line.hidden, 'the other candidates step aside while a line is shown');
  await shot('03c-review-analysis-line.png');
  await page.mouse.move(5, 5);
  await page.waitForFunction(() => !document.querySelector('#board [data-pv]'));
  // Pointing at a row of the list draws its line too.
  await page.locator('[data-testid="candidates"] tbody tr').first().hover();
  await page.locator('#board [data-pv-n="1"]').waitFor();
  await page.mouse.move(5, 5);
  await page.waitForFunction(() => !document.querySelector('#board [data-pv]'));
  // A step back: the analysis follows (the new request replaces the old search on the server).
  asked = analyzeAsked(nR - 3);
  await page.keyboard.press('ArrowLeft');
  await asked;
  seen = await reviewSeen(nR - 3);
  checkList(seen, nR - 3);
  check(seen.marks.every((m) => seen.a.candidates.some((c) => c.move === m)), 'the board shows the new position\'s candidates');
  // Back to the game: my turn is analysed again.
  asked = page.waitForRequest((req) => req.url().endsWith('/analyze') && req.method() === 'POST' && JSON.parse(req.postData() || '{}').move === undefined);
  await page.keyboard.press('Escape');
  await tid('review').waitFor({ state: 'hidden' });
  await asked;
  await page.waitForFunction((m) => {
    const s = window.tengen.state;
    return s.game.analyzing && s.analysis && s.analysis.move_number === m && document.querySelector('#board .cand');
  }, nR);
  await tid('analyze').click();
  await page.waitForFunction(() => !window.tengen.state.game.analyzing);

  // P passes; tengen answers, or passes too when that wins, and then "Resume play" takes the
  // passes back.
  step('P passes');
  const n9 = (await game()).move_number;
  await passAsked(() => page.keyboard.press('p'));
  await page.waitForFunction((n) => window.tengen.state.game.moves[n] === 'pass', n9);
  g = await waitHumanTurn();
  if (g.phase === 'scoring') {
    await tid('resume').click();
    await page.waitForFunction(() => window.tengen.state.game.phase === 'play');
    g = await waitHumanTurn();
  }
  check(g.phase === 'play', 'playing again after the pass');
  const game9 = g.id;

  // Move now: tengen would think for 1,000,000 playouts (30 s or more); Space makes it play at
  // once (the step's limit is STEP_MS). Then undo while it thinks takes back both moves at once.
  step('Move now');
  const long = await newGame({ size: 9, rules: 'chinese', komi: 7.5, playouts: 1000000, seconds: 120 });
  await page.locator('#board [data-vertex="E5"]').click();
  await tid('move-now').waitFor({ state: 'visible' });
  await page.locator('[data-testid="candidates"] tbody tr').first().waitFor();
  await shot('03b-move-now.png');
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.keyboard.press(' ');
  g = await waitHumanTurn();
  check(g.moves.length === 2 && g.ai_move && g.ai_move.playouts < 1000000, 'tengen moved now: ' + JSON.stringify(g.ai_move));
  check(await tid('move-now').isHidden(), 'no Move now button once tengen moved');
  step('Undo while tengen thinks');
  const empty = g.board.join('').indexOf('.');
  const v = 'ABCDEFGHJ'[empty % 9] + (9 - Math.floor(empty / 9));
  await page.locator(`#board [data-vertex="${v}"]`).click();
  await tid('move-now').waitFor({ state: 'visible' });
  await tid('undo').click();
  g = await waitHumanTurn();
  check(g.move_number === 2 && !g.ai_thinking, 'undo while thinking took back both moves: ' + g.moves);
  await page.waitForFunction(() => document.querySelectorAll('#board .stone').length === 2);

  // Resign asks in the page: Cancel and Escape keep the game, Resign ends it.
  step('Resign');
  await tid('resign').click();
  await tid('confirm-dialog').waitFor({ state: 'visible' });
  check((await tid('confirm-ok').textContent()) === 'Resign', 'the question offers Resign');
  check(await page.evaluate(() => document.activeElement && document.activeElement.id === 'confirm-cancel'), 'Cancel has the focus');
  await tid('confirm-cancel').click();
  await tid('confirm-dialog').waitFor({ state: 'hidden' });
  await tid('resign').click();
  await tid('confirm-dialog').waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  await tid('confirm-dialog').waitFor({ state: 'hidden' });
  g = await game();
  check(g.phase === 'play' && g.move_number === 2, 'cancelled twice: the game goes on');
  await tid('resign').click();
  await tid('confirm-ok').click();
  await page.waitForFunction(() => window.tengen.state.game.phase === 'over' && window.tengen.state.game.end === 'resign');
  await page.waitForFunction(() => /wins by resignation/.test(document.querySelector('[data-testid="status"]').textContent));

  // A short game to the end: 5x5, I play the centre and then pass until the game stops.
  step('A short game to the end');
  g = await newGame({ size: 5, rules: 'chinese', komi: 0.5, playouts: 200, seconds: 2 });
  check(g.id !== game9, 'a new game');
  await page.locator('#board [data-vertex="C3"]').click();
  g = await waitHumanTurn();
  // A pass right after tengen's pass (or while tengen leads) asks first.
  for (let i = 0; i < 30 && g.phase === 'play'; i++) {
    const afterPass = g.last_move === 'pass';
    const a = await passAsked(() => tid('pass').click());
    check(a || !afterPass, 'a pass after tengen passed asks first');
    g = await waitHumanTurn();
  }
  check(g.phase === 'scoring' || g.phase === 'over', 'the game ended: ' + g.phase);
  if (g.phase === 'scoring') {
    await page.waitForFunction(() => /Counting/.test(document.querySelector('[data-testid="status"]').textContent));
    await tid('accept-score').waitFor({ state: 'visible' });
    await checkLabelsClear(null);
    await shot('04-scoring.png');
    // Dispute: mark every white group dead (one click per string), and the first back alive
    // and dead again, then accept the count.
    const white = await page.$$eval('#board .stone.white', (els) => els.map((e) => e.dataset.stone));
    const proposed = new Set(g.scoring.dead);
    for (const v of white) {
      const isDead = await page.locator(`#board [data-stone="${v}"]`).evaluate((e) => e.classList.contains('dead'));
      if (!isDead) {
        await page.locator(`#board [data-vertex="${v}"]`).click();
        await page.locator(`#board [data-stone="${v}"].dead`).waitFor();
      }
    }
    if (white.length) {
      await page.locator(`#board [data-vertex="${white[0]}"]`).click();
      await page.locator(`#board [data-stone="${white[0]}"]:not(.dead)`).waitFor();
      await page.locator(`#board [data-vertex="${white[0]}"]`).click();
      await page.locator(`#board [data-stone="${white[0]}"].dead`).waitFor();
    }
    await tid('accept-score').click();
    await page.waitForFunction(() => window.tengen.state.game.phase === 'over');
    g = await game();
    for (const v of white) check(g.scoring.dead.includes(v), `the count has my dead stone ${v}`);
    if (white.length && white.some((v) => !proposed.has(v))) check(true, 'disputed');
  }
  const words = /^(Black|White) wins by (\d+(\.\d)? points?|resignation)\.|^Jigo/;
  await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('[data-testid="status"]').textContent), words.source);
  const resultText = await tid('status').textContent();
  check(resultText === g.result_text, `the page says the server's result: ${resultText} / ${g.result_text}`);
  // The count's territory is drawn, where it has any: two lone living stones leave every point neutral.
  const counted = (await game()).scoring;
  if (counted && counted.territory && counted.territory.some((row) => /[BW]/.test(row))) {
    await page.locator('#board .territory rect').first().waitFor();
  }
  // The count's territory is drawn over the stones: a dead stone shows its owner's square, where
  // the count gives the point an owner (a dead stone alone on the board leaves it neutral).
  const deadNow = counted ? counted.dead : [];
  const owned = (v) => {
    const x = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'.indexOf(v[0]);
    const y = g.size - parseInt(v.slice(1), 10);
    return /[BW]/.test(((counted.territory || [])[y] || '')[x] || '');
  };
  for (const v of deadNow) {
    await page.locator(`#board [data-stone="${v}"].dead`).waitFor();
    if (!owned(v)) continue;
    const mark = page.locator(`#board .territory rect[data-terr="${v}"]`);
    await mark.waitFor();
    check(await mark.evaluate((m) => {
      const s = document.querySelector(`#board [data-stone="${m.dataset.terr}"]`);
      return !!(s.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING);
    }), `the mark on the dead stone ${v} is drawn over it`);
  }
  await shot('05-result.png');
  // In dark mode the page turns dark and the board stays wood: the count's squares (black and
  // white, each outlined in the other colour) read the same.
  await page.emulateMedia({ colorScheme: 'dark' });
  check(await page.evaluate(() => {
    const bg = getComputedStyle(document.body).backgroundColor.match(/\d+/g).map(Number);
    return bg[0] + bg[1] + bg[2] < 3 * 80;
  }), 'dark mode darkens the page');
  for (const [cls, fill, stroke] of [['terr-b', 'rgb(17, 17, 17)', 'rgb(244, 241, 234)'], ['terr-w', 'rgb(255, 255, 255)', 'rgb(34, 34, 34)']]) {
    const marks = page.locator(`#board .territory rect.${cls}`);
    if ((await marks.count()) === 0) continue;
    const look = await marks.first().evaluate((m) => [getComputedStyle(m).fill, getComputedStyle(m).stroke]);
    check(look[0] === fill && look[1] === stroke, `${cls} in dark mode: ${look}`);
  }
  await shot('05-result-dark.png');
  await page.emulateMedia({ colorScheme: null });

  // The SGF download (the .sh checks it with tengen's reader).
  step('The SGF download (the .sh checks it with tengen\'s reader)');
  const [download] = await Promise.all([page.waitForEvent('download'), tid('download-sgf').click()]);
  await download.saveAs(join(artifacts, 'game.sgf'));
  const sgf = readFileSync(join(artifacts, 'game.sgf'), 'utf8');
  check(sgf.startsWith('(;') && sgf.includes('SZ[5]') && sgf.includes('RE['), 'a 5x5 SGF with a result');

  // A reload finds the finished game as it was.
  step('A reload finds the finished game as it was');
  await page.reload();
  await page.waitForFunction((id) => window.tengen.state.game && window.tengen.state.game.id === id, g.id);
  await page.waitForFunction((t) => document.querySelector('[data-testid="status"]').textContent === t, resultText);

  // SGF upload: the downloaded game comes back as a new game, shown in review; step back, and
  // play on from move 2 (another new game).
  step('SGF upload');
  await tid('sgf-file').setInputFiles(join(artifacts, 'game.sgf'));
  await page.waitForFunction((id) => {
    const s = window.tengen.state;
    return s.game && s.game.id !== id && s.review && s.review.n === s.game.move_number;
  }, g.id);
  const uploaded = await game();
  check(JSON.stringify(uploaded.moves) === JSON.stringify(g.moves), 'the uploaded game has the same moves');
  check(uploaded.result === g.result, 'and the same result');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((n) => window.tengen.state.review && window.tengen.state.review.n === n - 2, uploaded.move_number);
  await tid('continue-here').click();
  await page.waitForFunction((id) => window.tengen.state.game.id !== id && !window.tengen.state.review, uploaded.id);
  const branch = await waitHumanTurn();
  check(branch.move_number === uploaded.move_number - 2 && branch.phase === 'play', 'a new game from move ' + (uploaded.move_number - 2));
  check(JSON.stringify(branch.moves) === JSON.stringify(uploaded.moves.slice(0, -2)), 'with the first moves');

  // An imported game of two named players: their names (as text, never HTML) instead of
  // "you" and "tengen", the dropped variation told, and a move's comment shown in review.
  step('An imported game shows its players and comments');
  const namedSgf = join(scratch, 'named.sgf');
  writeFileSync(namedSgf, '(;GM[1]FF[4]SZ[9]PB[Honinbo Shusaku]BR[7d]PW[<i>Gennan</i>]C[A famous game]' +
    ';B[ee]C[The ear-reddening move];W[cc](;B[gc])(;B[gg]))');
  await tid('sgf-file').setInputFiles(namedSgf);
  await page.waitForFunction(() => {
    const s = window.tengen.state;
    return s.game && s.game.players && s.review && s.review.n === 3;
  });
  check((await tid('player-black').textContent()).includes('Honinbo Shusaku 7d'), "Black's name and rank from the file");
  check((await tid('player-white').textContent()).includes('<i>Gennan</i>'), "White's name shown as text");
  check((await page.locator('[data-testid="player-white"] i').count()) === 0, 'a name is never HTML');
  check(await tid('game-tree').isVisible(), 'the game tree is shown');
  const named = await game();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => window.tengen.state.review && window.tengen.state.review.n === 1 &&
    document.querySelector('[data-testid="review-comment"]').textContent === 'The ear-reddening move');
  await page.keyboard.press('Escape');
  await tid('review').waitFor({ state: 'hidden' });
  // The same file again opens that game, not another one.
  await tid('sgf-file').setInputFiles(namedSgf);
  await page.waitForFunction(() => /was opened before: this is that game/.test(document.querySelector('[data-testid="message"]').textContent));
  check((await game()).id === named.id, 'the same file opens the same game');
  await page.keyboard.press('Escape');
  await tid('review').waitFor({ state: 'hidden' });

  // The game tree: an imported file's variations and comments, navigated from the tree and the
  // arrow keys; a move tried in a variation is kept (reload) and downloaded.
  step('The game tree: variations, a comment, a move tried');
  await tid('sgf-file').setInputFiles(join(process.cwd(), 'tests/fixtures/web/variations.sgf'));
  await page.waitForFunction(() => window.tengen.state.game && window.tengen.state.game.players &&
    window.tengen.state.game.players.black === 'Sakata Eio' && window.tengen.tree.nodes.length === 11);
  await tid('game-tree').waitFor({ state: 'visible' });
  const treeGame = await game();
  await page.locator('[data-testid="tree-node"][aria-label^="Move 3: Black C3 (variation)"]').click();
  const reviewComment = () => page.evaluate(() => document.querySelector('[data-testid="review-comment"]').textContent);
  await page.waitForFunction(() => window.tengen.state.review && window.tengen.state.review.side &&
    window.tengen.state.review.pos.last_move === 'C3');
  check((await reviewComment()) === 'A quieter move.', "the variation's comment shown");
  check(await page.locator('[data-testid="tree-node"][aria-current="true"][aria-label^="Move 3: Black C3"]').count() === 1, 'the node shown is marked in the tree');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.tengen.state.review.pos.last_move === 'G7');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.tengen.state.review.pos.last_move === 'D3');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => window.tengen.state.review.pos.last_move === 'F4');
  check((await reviewComment()) === 'Tenuki.', 'ArrowDown: the next variation, its comment');
  await page.locator('#board [data-vertex="E3"]').click();
  await page.waitForFunction(() => window.tengen.state.review && window.tengen.state.review.side &&
    window.tengen.state.review.pos.last_move === 'E3' && window.tengen.state.review.pos.to_move === 'black');
  await tid('comment-edit').click();
  await tid('comment-text').fill('White answers here.');
  await tid('comment-save').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="review-comment"]').textContent === 'White answers here.');
  check(JSON.stringify((await game()).moves) === JSON.stringify(treeGame.moves), 'trying moves leaves the game alone');
  await shot('05-game-tree.png');
  await page.reload();
  await page.waitForFunction((id) => window.tengen.state.game && window.tengen.state.game.id === id &&
    window.tengen.tree.nodes.some((n) => n.move === 'E3' && !n.main && n.comment === 'White answers here.'), treeGame.id);
  await tid('game-tree').waitFor({ state: 'visible' });
  await page.locator('[data-testid="tree-node"][aria-label^="Move 6: White E3 (variation)"]').click();
  await page.waitForFunction(() => window.tengen.state.review && window.tengen.state.review.pos.last_move === 'E3');
  check((await reviewComment()) === 'White answers here.', 'after a reload the tried move and its comment are there');
  const treeSgf = await page.evaluate((id) => fetch(`/api/games/${id}/sgf`).then((r) => r.text()), treeGame.id);
  check(/\(;B\[ff\]LB\[dd:A\]C\[Tenuki\.\]XID\[\d+\]\s*;W\[eg\]C\[White answers here\.\]XID\[\d+\]\)/.test(treeSgf), 'the download has the tried move: ' + treeSgf);

  // Studying a variation: its markup drawn (a label here, a triangle on the main line), its
  // position analysed (candidates on the board, free points of that position), a new game from
  // it (its moves the new game's, the old continuation a variation), and an undo there that
  // keeps the moves it takes back in the tree.
  step('The game tree: markup, analysis and play on from a variation, undo');
  const markupAt = (kind, v) => page.locator(`#board [data-markup="${kind}"][data-at="${v}"]`);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => window.tengen.state.review.pos.last_move === 'F4');
  await markupAt('label', 'D6').waitFor();
  check((await markupAt('label', 'D6').textContent()) === 'A', 'the variation\'s label A is drawn at D6');
  check(await page.locator('#board [data-markup="triangle"]').count() === 0, 'no triangle on this node');
  const tenuki = await page.evaluate(() => window.tengen.state.review.node);
  const nodeAnalyzed = page.waitForRequest((req) => req.url().endsWith('/analyze') && req.method() === 'POST' &&
    JSON.parse(req.postData() || '{}').node === tenuki);
  await page.keyboard.press('a');
  await nodeAnalyzed;
  const sideSeen = await page.waitForFunction((node) => {
    const a = window.tengen.state.reviewAnalysis;
    const marks = [...document.querySelectorAll('#board .cand')].map((c) => c.dataset.cand);
    if (!a || a.node !== node || !a.candidates.length || !marks.length) return null;
    return { a, marks, stones: [...document.querySelectorAll('#board [data-stone]')].map((e) => e.dataset.stone),
      text: document.querySelector('[data-testid="winrate"]').textContent };
  }, tenuki).then((h) => h.jsonValue());
  check(sideSeen.a.move_number === 5 && sideSeen.a.to_move === 'white', "the analysis is of the variation's position");
  check(sideSeen.stones.includes('F4') && sideSeen.marks.every((m) => !sideSeen.stones.includes(m)), "the candidates are free points of the variation's position");
  check(/playouts, move 5\)/.test(sideSeen.text), 'the win rate of the variation is shown: ' + sideSeen.text);
  check(JSON.stringify((await game()).moves) === JSON.stringify(treeGame.moves), 'analysing a variation leaves the game alone');
  await shot('05b-variation-analysed.png');
  await page.keyboard.press('a');
  await page.waitForFunction(() => !window.tengen.state.game.analyzing);
  await page.locator('[data-testid="tree-node"][aria-label^="Move 3: Black G7 (main line)"]').click();
  await markupAt('triangle', 'D6').waitFor();
  check(await page.locator('#board [data-markup="label"]').count() === 0, 'the main line\'s node has its triangle, not the label');
  await page.locator('[data-testid="tree-node"][aria-label^="Move 5: Black F4 (variation)"]').click();
  await page.waitForFunction(() => window.tengen.state.review && window.tengen.state.review.pos.last_move === 'F4');
  check(!(await tid('continue-here').isDisabled()), 'Play on from here is allowed in a variation');
  await tid('continue-here').click();
  await page.waitForFunction((id) => window.tengen.state.game.id !== id && !window.tengen.state.review, treeGame.id);
  const fromSide = await game();
  check(JSON.stringify(fromSide.moves) === JSON.stringify(['E5', 'C7', 'C3', 'G7', 'F4']), 'the new game has the variation\'s moves: ' + fromSide.moves);
  check(fromSide.comments['3'] === 'A quieter move.', "the variation's comments are the new game's");
  await page.waitForFunction(() => window.tengen.tree.nodes.some((n) => n.move === 'G7' && n.number === 3 && !n.main &&
    n.comment === 'The game went on here.') && window.tengen.tree.nodes.some((n) => n.move === 'E3' && !n.main));
  check(fromSide.human === 'white' && fromSide.to_move === 'white', 'my turn in the new game');
  await tid('undo').click();
  await page.waitForFunction((id) => window.tengen.state.game.id === id && window.tengen.state.game.move_number <= 4 &&
    window.tengen.tree.nodes.some((n) => n.move === 'F4' && n.number === 5 && !n.main && n.comment === 'Tenuki.'), fromSide.id);
  check(await page.locator('[data-testid="tree-node"][aria-label^="Move 5: Black F4 (variation)"]').count() === 1, 'the moves taken back stay in the tree');
  await waitHumanTurn();

  // Suicide and ko explained: an uploaded 5x5 position (Japanese rules: simple ko) where White
  // has just taken a ko at D3; A1 is suicide for Black.
  step('Suicide and ko explained');
  const koSgf = join(scratch, 'ko.sgf');
  writeFileSync(koSgf, '(;GM[1]FF[4]SZ[5]KM[6.5]RU[Japanese]AB[cc][dd][db][ec]AW[cb][cd][bc][ad][be]PL[W];W[dc])');
  await tid('sgf-file').setInputFiles(koSgf);
  await page.waitForFunction(() => window.tengen.state.game.size === 5 && window.tengen.state.game.moves[0] === 'D3');
  const ko = await game();
  check(ko.captures.white === 1 && ko.to_move === 'black' && ko.human === 'black', 'White took the ko, Black (me) to play');
  await tid('review').waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  await tid('review').waitFor({ state: 'hidden' });
  check((await tid('captures-white').textContent()) === '1', 'the page counts the stone White took');
  await page.locator('#board [data-vertex="A1"]').click();
  await page.waitForFunction(() => /Suicide is not allowed/.test(document.querySelector('[data-testid="message"]').textContent));
  await page.locator('#board [data-vertex="C3"]').click();
  await page.waitForFunction(() => /^Ko: /.test(document.querySelector('[data-testid="message"]').textContent));
  check((await game()).move_number === 1, 'neither move was played');

  // Superko explained: an uploaded 5x5 position (Chinese rules: positional superko) where Black
  // threw in at A5 and White took two at C5; Black taking one back at B5 would repeat the
  // position after White's E1.
  step('Superko explained');
  const superkoSgf = join(scratch, 'superko.sgf');
  writeFileSync(superkoSgf, '(;GM[1]FF[4]SZ[5]KM[7.5]RU[Chinese]AB[ba][da][cb][db]AW[ab][bb]PL[W];W[ee];B[aa];W[ca])');
  await tid('sgf-file').setInputFiles(superkoSgf);
  await page.waitForFunction(() => window.tengen.state.game.size === 5 && window.tengen.state.game.moves[0] === 'E1');
  const superko = await game();
  check(superko.to_move === 'black' && superko.human === 'black' && superko.captures.white === 2, 'White took two, Black (me) to play');
  await page.keyboard.press('Escape');
  await tid('review').waitFor({ state: 'hidden' });
  await page.locator('#board [data-vertex="B5"]').click();
  await page.waitForFunction(() => /^Superko: /.test(document.querySelector('[data-testid="message"]').textContent));
  check((await game()).move_number === 3, 'the repetition was not played');

  // A pass right after tengen passed asks first: an uploaded 5x5 game where White (tengen) has
  // just passed. Cancel keeps the game going, with nothing played.
  step('A pass that ends the game asks first');
  const passSgf = join(scratch, 'white-passed.sgf');
  writeFileSync(passSgf, '(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese];B[cc];W[])');
  await tid('sgf-file').setInputFiles(passSgf);
  await page.waitForFunction(() => window.tengen.state.game.size === 5 && window.tengen.state.game.moves[1] === 'pass');
  const passed = await game();
  check(passed.human === 'black' && passed.to_move === 'black', 'Black (me) to play after White passed');
  await page.keyboard.press('Escape');
  await tid('review').waitFor({ state: 'hidden' });
  await tid('pass').click();
  await tid('confirm-dialog').waitFor({ state: 'visible' });
  check(/ends and is counted/.test(await tid('confirm-dialog').textContent()), 'the question says the game ends and is counted');
  await shot('04a-pass-question.png');
  await tid('confirm-cancel').click();
  await tid('confirm-dialog').waitFor({ state: 'hidden' });
  const still = await game();
  check(still.phase === 'play' && still.move_number === 2, 'cancelled: the game goes on, no pass played');

  // Play on from here after two black moves in a row: the new game has White to move (tengen
  // answers), not the alternation the page might assume. (White's third move, on the corner,
  // leaves the coordinates J and 9 in sight.)
  step('Play on from here after two moves of one colour');
  const twoSgf = join(scratch, 'two-black.sgf');
  writeFileSync(twoSgf, '(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese];B[ee];B[cc];W[ia])');
  await tid('sgf-file').setInputFiles(twoSgf);
  await page.waitForFunction(() => {
    const s = window.tengen.state;
    return s.game.size === 9 && s.game.moves.length === 3 && s.game.moves[1] === 'C7' && s.review;
  });
  const two = await game();
  check(two.human === 'black' && two.to_move === 'black', 'Black (me) to play after B B W');
  await stone('J9').waitFor();
  await checkLabelsClear('J9');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => window.tengen.state.review && window.tengen.state.review.n === 2);
  await tid('continue-here').click();
  await page.waitForFunction((id) => window.tengen.state.game.id !== id && !window.tengen.state.review, two.id);
  const twoBranch = await waitHumanTurn();
  check(twoBranch.moves[0] === 'E5' && twoBranch.moves[1] === 'C7' && twoBranch.move_number === 3,
    'the first two moves, then tengen (White) answered: ' + twoBranch.moves);
  check(await stone(twoBranch.moves[2]).evaluate((e) => e.classList.contains('white')), 'tengen played White');
  check(twoBranch.to_move === 'black', 'then it is my move (Black)');

  // The alpha-beta engine: offered for Atari Go and small boards only, with a hint; it answers.
  step('Alpha-beta in Atari Go');
  await page.keyboard.press('n');
  await tid('new-game-dialog').waitFor({ state: 'visible' });
  await tid('f-rules').selectOption('chinese');
  await tid('f-size').fill('13');
  check(await page.locator('#f-engine option[value="ab"]').isDisabled(), 'no alpha-beta for 13x13 Go');
  await tid('f-rules').selectOption('atari-go');
  check(!(await page.locator('#f-engine option[value="ab"]').isDisabled()), 'alpha-beta for Atari Go on 13x13');
  await tid('f-size').fill('7');
  await tid('f-engine').selectOption('ab');
  check(/Alpha-beta/.test(await tid('f-engine-hint').textContent()), 'the hint says what alpha-beta is');
  let atari = await newGame({ size: 7, rules: 'atari-go', komi: 0, playouts: 5000, seconds: 2, engine: 'ab' });
  check(atari.ai.engine === 'ab' && atari.rules === 'atari-go', 'an Atari Go game against alpha-beta: ' + JSON.stringify(atari.ai));
  await page.locator('#board [data-vertex="D4"]').click();
  atari = await waitHumanTurn();
  check(atari.moves.length === 2 && atari.moves[1] !== 'pass', 'alpha-beta answered: ' + atari.moves);
  await stone(atari.moves[1]).waitFor();
  await checkLabelsClear(null);
  check(/alpha-beta/.test(await page.locator('#game-info').textContent()), 'the game info names the engine');

  // Analyse this game: a 9x9 game of 20 moves where Black plays on the edges while White takes
  // the centre, reviewed at the quick strength: the progress, the graph and the mistakes; a
  // mistake clicked shows the move ringed and tengen's best move on the board; the graph steps
  // the review; a reload keeps the marks.
  step('Analyse this game');
  const sgfPoint = (v) => 'abcdefghi'['ABCDEFGHJ'.indexOf(v[0])] + 'abcdefghi'[9 - Number(v.slice(1))];
  const blacks = ['A1', 'J1', 'A9', 'J9', 'A5', 'E1', 'J5', 'E9', 'B1', 'H1'];
  const whites = ['E5', 'D4', 'F6', 'D6', 'F4', 'E3', 'C5', 'G5', 'E7', 'C3'];
  const reviewSgf = join(scratch, 'review.sgf');
  writeFileSync(reviewSgf, '(;GM[1]FF[4]SZ[9]KM[7.5]' +
    blacks.map((b, i) => `;B[${sgfPoint(b)}];W[${sgfPoint(whites[i])}]`).join('') + ')');
  await tid('sgf-file').setInputFiles(reviewSgf);
  await page.waitForFunction(() => {
    const s = window.tengen.state;
    return s.game && s.game.move_number === 20 && s.review && s.review.n === 20;
  });
  const reviewed = await game();
  await tid('game-review').waitFor({ state: 'visible' });
  check(reviewed.review === null, 'no review before one');
  await tid('review-playouts').selectOption('500');
  await tid('review-start').click();
  await page.waitForFunction(() => window.tengen.state.game.reviewing);
  await page.waitForFunction(() => {
    const g = window.tengen.state.game;
    return g.review && !g.reviewing && g.review.done === 21;
  }, null, { timeout: 120000 });
  check((await tid('review-status').textContent()).includes('Every position analysed at 500 playouts'),
    'the review says it is done: ' + (await tid('review-status').textContent()));
  check((await page.locator('#gr-graph .winrate').count()) === 1, 'the graph has the win rate');
  check((await page.locator('#gr-graph .lead').count()) === 1, 'the graph has the score lead');
  const marked = await page.locator('[data-testid="review-mistake"]').count();
  check(marked > 0, 'Black\'s edge moves are marked as mistakes');
  check((await page.locator('#gr-graph .mark').count()) > 0, 'the graph marks the mistakes');
  const firstMistake = page.locator('[data-testid="review-mistake"]').first();
  const firstMove = Number(await firstMistake.getAttribute('data-move'));
  await firstMistake.click();
  await page.waitForFunction((n) => window.tengen.state.review && window.tengen.state.review.n === n, firstMove);
  await tid('mistake-mark').waitFor();
  check(/lost \d+\.\d points/.test(await tid('review-verdict').textContent()), 'the review panel says what the move lost');
  const bestMove = (await game()).review.positions[firstMove - 1].best;
  if (bestMove !== 'pass' && bestMove !== (await game()).moves[firstMove - 1]) {
    check((await tid('best-mark').getAttribute('data-move')) === bestMove, 'the best move marked on the board');
  }
  await page.screenshot({ path: join(artifacts, '08-game-review.png'), fullPage: true });
  // The graph steps the review: a click at its left end goes to the start.
  const graphBox = await tid('review-graph').boundingBox();
  await page.mouse.click(graphBox.x + 2, graphBox.y + graphBox.height / 2);
  await page.waitForFunction(() => window.tengen.state.review && window.tengen.state.review.n === 0);
  const reviewBefore = (await game()).review;
  await page.reload();
  await page.waitForFunction((id) => window.tengen.state.game && window.tengen.state.game.id === id, reviewed.id);
  await tid('game-review').waitFor({ state: 'visible' });
  check(JSON.stringify((await game()).review) === JSON.stringify(reviewBefore), 'a reload keeps the review');
  check((await page.locator('[data-testid="review-mistake"]').count()) === marked, 'a reload keeps the marks');
  // A move while a review runs asks first: Cancel keeps the review running, "Stop it" ends it
  // (the positions done are kept) and plays.
  step('A move during a review asks first');
  if (await tid('review-exit').isVisible()) await tid('review-exit').click();
  await page.waitForFunction(() => !window.tengen.state.review);
  await tid('review-playouts').selectOption('10000');
  await tid('review-start').click();
  await page.waitForFunction(() => window.tengen.state.game.reviewing);
  const during = await game();
  const target = (await emptyVertices())[0];
  await page.locator(`#board [data-vertex="${target}"]`).click();
  await tid('confirm-dialog').waitFor({ state: 'visible' });
  check(/positions\). Playing now stops it/.test(await tid('confirm-dialog').textContent()), 'the question says the review stops');
  await tid('confirm-cancel').click();
  await tid('confirm-dialog').waitFor({ state: 'hidden' });
  g = await game();
  check(g.reviewing && g.move_number === during.move_number, 'Cancel keeps the review running and plays nothing');
  await page.locator(`#board [data-vertex="${target}"]`).click();
  await tid('confirm-ok').click();
  await page.waitForFunction((n) => window.tengen.state.game.move_number > n, during.move_number);
  g = await game();
  check(!g.reviewing && g.moves[during.move_number] === target, 'the review stopped and the move was played');

  // The saved games: fifteen listed (the named game by its players); delete all but the first
  // two, resume the 9x9 game.
  step('The saved games');
  await page.keyboard.press('g');
  await tid('games-dialog').waitFor({ state: 'visible' });
  await page.locator(`[data-testid="games-list"] li[data-game-id="${game9}"]`).waitFor();
  check((await page.locator('[data-testid="games-list"] li[data-game-id]').count()) === 15, 'fifteen saved games');
  check((await page.locator(`[data-testid="games-list"] li[data-game-id="${named.id}"]`).textContent()).includes('Honinbo Shusaku – <i>Gennan</i>'),
    'the list names the players of an imported game');
  for (const id of [named.id, treeGame.id, fromSide.id, uploaded.id, branch.id, ko.id, long.id, superko.id, passed.id, two.id, twoBranch.id, atari.id, reviewed.id]) {
    await page.locator(`[data-testid="games-list"] li[data-game-id="${id}"] [data-testid="delete-game"]`).click();
    await page.locator(`[data-testid="games-list"] li[data-game-id="${id}"]`).waitFor({ state: 'detached' });
  }
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="games-list"] li[data-game-id]').length === 2);
  await page.locator(`[data-testid="games-list"] li[data-game-id="${game9}"] [data-testid="resume-game"]`).click();
  await page.waitForFunction((id) => window.tengen.state.game && window.tengen.state.game.id === id, game9);
  g = await waitHumanTurn();

  // The phone: the board fits the width, nothing scrolls sideways.
  step('The phone');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => document.documentElement.scrollWidth <= 390);
  const box = await tid('board').boundingBox();
  check(box.width <= 390 && box.width > 300, 'the board fills the phone width: ' + box.width);
  await shot('06-phone.png');

  // A tap on a touch screen shows the stone first; a second tap on it plays.
  step('Tap twice to play on a phone');
  const tap = async (v) => {
    const target = page.locator(`#board [data-vertex="${v}"]`);
    await target.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
    await target.dispatchEvent('click');
  };
  let free = await emptyVertices();
  const n0 = g.move_number;
  // The page may still be settling after the resize (a slow server under the sanitizers): a tap
  // that came too early changes nothing and is tried again.
  for (let i = 0; ; i++) {
    await tap(free[0]);
    try {
      await page.locator(`#board [data-pending="${free[0]}"]`).waitFor({ timeout: 4000 });
      break;
    } catch (e) {
      if (i === 4 || (await game()).move_number !== n0) {
        const seen = await page.evaluate(() => {
          const g = window.tengen.state.game;
          return JSON.stringify({ move: g && g.move_number, to_move: g && g.to_move, phase: g && g.phase,
            thinking: g && g.ai_thinking, pending: window.tengen.state.pending,
            shown: document.querySelectorAll('#board [data-pending]').length });
        });
        console.error(`the tap on ${free[0]} (try ${i + 1}) showed no stone: ${seen}`);
        throw e;
      }
    }
  }
  check((await game()).move_number === n0 && !(await page.evaluate(() => window.tengen.state.pending)),
    'a first tap does not play');
  await shot('06-phone-tap.png');
  await tap(free[1]);
  await page.locator(`#board [data-pending="${free[1]}"]`).waitFor();
  check((await page.locator('#board [data-pending]').count()) === 1, 'a tap elsewhere moves the shown stone');
  await tap(free[1]);
  await page.waitForFunction((n) => window.tengen.state.game.move_number > n, n0);
  check((await page.locator('#board [data-pending]').count()) === 0, 'the second tap played');
  g = await waitHumanTurn();
  // Turned off, a tap plays at once.
  await tid('toggle-confirm').uncheck();
  free = await emptyVertices();
  if (g.phase === 'play' && free.length) {
    const n1 = g.move_number;
    await tap(free[0]);
    await page.waitForFunction((n) => window.tengen.state.game.move_number > n, n1);
    g = await waitHumanTurn();
  }
  await tid('toggle-confirm').check();

  // Sounds: off by default; on, a stone's click for every move (counted at the Web Audio API).
  step('Sounds');
  check(!(await tid('toggle-sound').isChecked()), 'sounds are off by default');
  await page.evaluate(() => {
    window.soundsStarted = 0;
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (...args) {
      window.soundsStarted++;
      return start.apply(this, args);
    };
  });
  await tid('toggle-sound').check();
  check((await page.evaluate(() => window.soundsStarted)) === 1, 'turning sounds on plays one click');
  if (g.phase === 'play') {
    free = await emptyVertices();
    const n2 = g.move_number;
    for (const v of free) {
      await page.locator(`#board [data-vertex="${v}"]`).click();
      await page.waitForFunction(() => !window.tengen.state.pending);
      if ((await game()).move_number > n2) break;
    }
    g = await waitHumanTurn();
    if (g.last_move !== 'pass') check((await page.evaluate(() => window.soundsStarted)) >= 3, 'a click for my move and for tengen\'s');
  }
  const last = g;

  // A game with a clock (a preset of the dialog): both clocks beside the players, mine ticking
  // on my turn, tengen's charged for its move.
  step('A game with a clock');
  await newGame({ size: 9, rules: 'chinese', komi: 7.5, playouts: 1000, seconds: 1, clock: 'byoyomi-10' });
  await tid('clock-black').waitFor({ state: 'visible' });
  check(await tid('clock-white').isVisible(), 'both clocks are shown');
  check((await page.locator('#game-info').textContent()).includes('clock: 10 min + 5 × 30 s byo-yomi'), 'the game says its clock');
  const timeOf = (c) => page.locator(`[data-testid="clock-${c}"] .clock-time`).textContent();
  check(await tid('clock-black').evaluate((e) => e.classList.contains('running')), 'my clock runs on my turn');
  check((await timeOf('white')) === '10:00', 'tengen\'s clock waits at 10:00');
  const shown = await timeOf('black');
  await page.waitForFunction((t) => document.querySelector('[data-testid="clock-black"] .clock-time').textContent !== t, shown);
  check(/^9:5\d$/.test(await timeOf('black')), 'my clock ticks down from 10:00: ' + (await timeOf('black')));
  const free9 = await emptyVertices();
  await page.locator(`#board [data-vertex="${free9[40]}"]`).click();
  g = await waitHumanTurn();
  check(g.move_number === 2 && g.clock.running === 'black', 'tengen answered and my clock runs again');
  // Its 1,000 playouts take a few hundredths of a second, more on a loaded machine: the state
  // shows the charge, the page a time that may still round to 10:00.
  const whiteShown = await timeOf('white');
  check(g.clock.white.main < 600 && /^(10:00|9:5\d)$/.test(whiteShown),
    `tengen's move was charged to its clock: ${JSON.stringify(g.clock.white)}, shown ${whiteShown}`);
  await shot('08-clock.png');

  // A clock of 3 seconds that I let run out: red, a tick every second with the sounds on, and
  // the loss on time shown like any result.
  step('A short clock runs out');
  await tid('toggle-sound').check();
  await newGame({ size: 9, rules: 'chinese', komi: 7.5, playouts: 100, seconds: 1, clock: { type: 'absolute', minutes: 0.05 } });
  await tid('clock-black').waitFor({ state: 'visible' });
  check(await tid('clock-black').evaluate((e) => e.classList.contains('low')), 'the last 10 s are red');
  const ticksBefore = await page.evaluate(() => window.soundsStarted);
  await page.waitForFunction(() => window.tengen.state.game.phase === 'over');
  g = await game();
  check(g.end === 'time' && g.result === 'W+T', 'lost on time: ' + g.result);
  check((await tid('status').textContent()) === 'White wins on time.', 'the status says the loss on time');
  check((await timeOf('black')) === '0.0' && await tid('clock-black').evaluate((e) => e.classList.contains('flagged')), 'my clock shows the flag');
  check((await page.evaluate(() => window.soundsStarted)) - ticksBefore >= 2, 'the clock ticked in its last seconds');
  check(!(await tid('undo-end').isVisible()), 'a loss on time is not taken back');
  await shot('09-lost-on-time.png');
  await tid('toggle-sound').uncheck();

  // Back to the 9x9 game, which the restart of the .sh resumes.
  await page.evaluate((id) => { location.hash = '#game=' + id; }, game9);
  await page.waitForFunction((id) => window.tengen.state.game && window.tengen.state.game.id === id, game9);
  writeFileSync(memo, JSON.stringify({ id: game9, board: last.board, moves: last.moves }));
}

async function resumePhase() {
  const before = JSON.parse(readFileSync(memo, 'utf8'));
  // The bare address: the page finds its last game in localStorage.
  step('The bare address');
  await page.goto(url);
  await page.waitForFunction((id) => window.tengen && window.tengen.state.game && window.tengen.state.game.id === id, before.id);
  let g = await game();
  check(JSON.stringify(g.moves) === JSON.stringify(before.moves), 'the same moves after the restart');
  check(JSON.stringify(g.board) === JSON.stringify(before.board), 'the same board after the restart');
  check(/#game=/.test(page.url()), 'the URL names the game again');
  const stones = before.board.join('').replace(/\./g, '').length;
  check((await page.locator('#board .stone').count()) === stones, 'the page shows every stone');
  // And the game goes on.
  step('And the game goes on');
  if (g.phase === 'play') {
    for (const v of await emptyVertices()) {
      const n = g.move_number;
      await page.locator(`#board [data-vertex="${v}"]`).click();
      await page.waitForFunction(() => !window.tengen.state.pending);
      if ((await game()).move_number > n) break;
    }
    g = await waitHumanTurn();
    check(g.move_number >= before.moves.length + 2 || g.phase !== 'play', 'a move and an answer after the restart');
  }
  await shot('07-after-restart.png');
}

try {
  if (phase === 'play') await playPhase();
  else await resumePhase();
  check(pageErrors.length === 0, 'no JavaScript errors: ' + pageErrors.join('; '));
  console.log(`web_e2e.mjs ${phase}: ok`);
} catch (err) {
  console.error(`web_e2e.mjs ${phase}: step "${stepName}": ${err.message}`);
  try {
    await shot(`fail-${phase}.png`);
    console.error('page status: ' + (await tid('status').textContent()) + ' | message: ' + (await tid('message').textContent()));
  } catch (e) {
    /* the page may be gone */
  }
  process.exitCode = 1;
} finally {
  await context.close();
}

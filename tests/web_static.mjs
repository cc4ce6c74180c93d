// web_static.mjs - the browser half of tests/web_static.sh: the web game of `make web-static`,
// served by a plain static server at the URL given (no tengen server), played in Debian chromium
// (playwright-core) against tengen running in the page's Web Worker: the page says it runs on one
// thread, a 5x5 game to its count with tengen's search kept and its analysis on request, a reload
// that keeps the game, undo, the SGF downloaded and opened, a handicap game, Atari Go against the
// alpha-beta player, a 19x19 move within the strength's time, the live thinking, "Move now" (of the
// Monte Carlo and of the alpha-beta search) and "Analyse this game" (completed, and cancelled).
//
// With `isolated` (the folder served with the COOP/COEP headers) a shorter run: the page says it
// runs on several threads, one engine worker per processor; a move, an analysis, "Analyse this
// game", alpha-beta moves and "Move now".
//
// usage: node tests/web_static.mjs URL PROFILE_DIR [isolated]
//   (URL: the served build-web-static/, ending in '/')
import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [url, profile, mode] = process.argv.slice(2);
if (!url || !profile || (mode && mode !== 'isolated')) {
  console.error('usage: node tests/web_static.mjs URL PROFILE_DIR [isolated]');
  process.exit(2);
}

let failures = 0;
function check(ok, what, detail = '') {
  console.log(`${ok ? 'ok' : 'FAIL'}: ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures++;
}

const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1280, height: 860 },
  acceptDownloads: true,
});
context.setDefaultTimeout(30000);
const page = context.pages()[0] || (await context.newPage());
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(e.message));
const apiCalls = [];
page.on('request', (r) => {
  if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
});

// Every engine worker's log lines (each genmove's playouts), kept by the page for the test.
await page.addInitScript(() => {
  const Plain = window.Worker;
  window.workerLogs = [];
  window.Worker = class extends Plain {
    constructor(...args) {
      super(...args);
      const logs = [];
      window.workerLogs.push(logs);
      this.addEventListener('message', (e) => {
        if (e.data && e.data.type === 'log') logs.push(e.data.text);
      });
    }
  };
});

const tid = (id) => page.locator(`[data-testid="${id}"]`);
const game = () => page.evaluate(() => window.tengen.state.game);

async function waitHumanTurn() {
  await page.waitForFunction(() => {
    const s = window.tengen && window.tengen.state;
    const g = s && s.game;
    if (!g || g.ai_thinking || s.genmoveInFlight || s.pending) return false;
    return g.phase !== 'play' || g.to_move === g.human;
  });
  return game();
}

async function newGame(fields) {
  const dlg = tid('new-game-dialog');
  if (!(await dlg.isVisible())) await page.keyboard.press('n');
  await dlg.waitFor({ state: 'visible' });
  check(!(await tid('f-clock').isVisible()), 'the new-game dialog offers no clock in the browser');
  await tid('f-size').fill(String(fields.size));
  await tid('f-rules').selectOption(fields.rules);
  await tid('f-komi').fill(String(fields.komi));
  if (await tid('f-handicap').isEnabled()) await tid('f-handicap').selectOption('0');
  await tid('f-colour').selectOption('black');
  if (await tid('f-engine').isEnabled()) await tid('f-engine').selectOption(fields.engine || 'mcts');
  await tid('f-strength').selectOption('custom');
  await tid('f-playouts').fill(String(fields.playouts));
  await tid('f-seconds').fill(String(fields.seconds));
  await tid('start-game').click();
  await dlg.waitFor({ state: 'hidden' });
  await page.waitForFunction((n) => {
    const g = window.tengen.state.game;
    return g && g.size === n && g.move_number === 0;
  }, fields.size);
  return game();
}

// A free point of the board that is legal for a simple reason: empty with an empty neighbour.
function freePoint(g) {
  const n = g.size;
  const cols = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (g.board[y][x] !== '.') continue;
      const near = [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => {
        const a = x + dx;
        const b = y + dy;
        return a >= 0 && b >= 0 && a < n && b < n && g.board[b][a] === '.';
      });
      if (near) return cols[x] + (n - y);
    }
  }
  return null;
}

// The page served cross-origin isolated: it says how many threads run, one engine worker per
// processor; a move searched by all of them (each logs its share), the analysis of their summed
// statistics, and "Move now" and the end of an analysis reaching every worker.
async function isolatedRun() {
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const workers = Math.min(Math.max(cores || 1, 1), 8);
  check(await page.evaluate(() => crossOriginIsolated), 'the page is cross-origin isolated');
  const note = await tid('backend-note').textContent();
  check(workers === 1 ? /one thread/.test(note) : note.includes(`on ${workers} threads`),
    `the page says tengen runs on ${workers} threads`, note);
  if (workers < 2) console.log('note: this machine shows one processor: one worker, the pool is not exercised');

  let g = await newGame({ size: 5, rules: 'chinese', komi: 0.5, playouts: 400, seconds: 5 });
  check(await page.evaluate(() => window.workerLogs.length) === workers, `${workers} engine workers started`);
  await page.locator('#board [data-vertex="C3"]').click();
  g = await waitHumanTurn();
  const logs = await page.evaluate(() => window.workerLogs.map((l) => l.filter((t) => /playouts in/.test(t))));
  check(logs.every((l) => l.length === 1), 'every worker searched tengen\'s move', JSON.stringify(logs));
  check(g.moves.length === 2 && g.moves[0] === 'C3' && g.ai_move.playouts >= 300 && g.evaluations[1] > 0 && g.evaluations[1] < 1,
    'tengen answered C3 with the summed search', `${g.moves.join(' ')}, ${JSON.stringify(g.ai_move)}`);
  // The workers stayed in step: my next move is taken by all of them, and tengen answers again.
  const v = freePoint(g);
  await page.locator(`#board [data-vertex="${v}"]`).click();
  g = await waitHumanTurn();
  check(g.moves.length === 4 && g.moves[2] === v, 'the workers follow the game', g.moves.join(' '));

  await tid('analyze').click();
  await page.waitForFunction((n) => {
    const a = window.tengen.state.analysis;
    return window.tengen.state.game.analyzing && a && a.move_number === n && a.candidates.length > 0 && a.playouts > 0;
  }, g.move_number);
  const first = await page.evaluate(() => window.tengen.state.analysis.playouts);
  await page.waitForFunction((p) => window.tengen.state.analysis.playouts > p, first);
  check(true, 'the analysis of the summed statistics grows');
  let t = Date.now();
  await tid('analyze').click();
  await page.waitForFunction(() => !window.tengen.state.game.analyzing);
  check((Date.now() - t) / 1000 < 5, 'turning the analysis off stops every worker', `${(Date.now() - t) / 1000} s`);

  // "Analyse this game": every position searched by all the workers, their answers merged.
  await tid('review-playouts').selectOption('500');
  await tid('review-start').click();
  await page.waitForFunction(() => {
    const g2 = window.tengen.state.game;
    return !g2.reviewing && g2.review && g2.review.done === g2.review.total;
  }, null, { timeout: 60000 });
  g = await game();
  check(g.review.total === 5 && g.review.positions.every((p) => p && p.visits > 0 && p.winrate >= 0 && p.winrate <= 1),
    'the game review searched every position in the workers', JSON.stringify(g.review.positions.slice(0, 2)));

  // The alpha-beta player searches in the first worker; the others follow its move.
  g = await newGame({ size: 7, rules: 'atari-go', komi: 0, engine: 'ab', playouts: 5000, seconds: 1 });
  await page.locator('#board [data-vertex="D4"]').click();
  g = await waitHumanTurn();
  const next = freePoint(g);
  await page.locator(`#board [data-vertex="${next}"]`).click();
  g = await waitHumanTurn();
  check(g.moves.length >= 3 && g.moves[2] === next && g.ai.engine === 'ab', 'alpha-beta moves, followed by every worker', g.moves.join(' '));

  await newGame({ size: 19, rules: 'chinese', komi: 7.5, playouts: 0, seconds: 60 });
  await page.locator('#board [data-vertex="D4"]').click();
  await tid('move-now').waitFor({ state: 'visible' });
  await page.waitForFunction(() => {
    const a = window.tengen.state.analysis;
    return window.tengen.state.game.ai_thinking && a && !a.final && a.candidates.length > 0;
  });
  t = Date.now();
  await tid('move-now').click();
  g = await waitHumanTurn();
  const took = (Date.now() - t) / 1000;
  check(g.move_number === 2 && g.moves[1] !== 'pass' && took < 5, '"Move now" ends a 60-second search in every worker',
    `${g.moves[1]} after ${took.toFixed(1)} s, ${g.ai_move.playouts} playouts`);
}

// The page served without isolation headers: one thread, said so, and the whole game.
async function plainRun() {
  const note = await tid('backend-note').textContent();
  check(/one thread/.test(note) && /not cross-origin isolated/.test(note),
    'the page says tengen runs here on one thread, not cross-origin isolated', note);

  // A 5x5 game: tengen's thinking is shown (win rate, candidates), then its move.
  let g = await newGame({ size: 5, rules: 'chinese', komi: 0.5, playouts: 300, seconds: 5 });
  await page.locator('#board [data-vertex="C3"]').click();
  await page.locator('#board [data-stone="C3"]').waitFor();
  g = await waitHumanTurn();
  check(g.last_analysis && g.last_analysis.ownership.length === 5 && g.last_analysis.best === g.moves[1],
    'tengen\'s search is kept with its ownership', JSON.stringify(g.last_analysis).slice(0, 80));
  check(g.moves.length === 2 && g.moves[0] === 'C3' && g.evaluations[1] > 0 && g.evaluations[1] < 1,
    'tengen answered C3 with its win rate', g.moves.join(' '));
  check(g.ai_move && g.ai_move.playouts > 0, 'tengen\'s move has its search', JSON.stringify(g.ai_move));
  check(/tengen played/.test(await tid('status').textContent()), 'the status says where tengen played');

  // An occupied point is refused in words.
  await page.locator(`#board [data-vertex="${g.moves[1] === 'pass' ? 'C3' : g.moves[1]}"]`).click();
  await page.waitForFunction(() => /occupied/i.test(document.querySelector('[data-testid="message"]').textContent));
  check((await game()).moves.length === 2, 'the refused move changed nothing');

  // Analyze on my turn: candidates and the win rate come, live; off again ends it.
  await tid('analyze').click();
  await page.waitForFunction((n) => {
    const s = window.tengen.state;
    const a = s.analysis;
    return s.game.analyzing && a && a.move_number === n && a.candidates.length > 0 && a.playouts > 0;
  }, g.move_number);
  const first = await page.evaluate(() => window.tengen.state.analysis.playouts);
  await page.waitForFunction((p) => window.tengen.state.analysis.playouts > p, first);
  await page.locator('[data-testid="candidates"] tbody tr').first().waitFor();
  check(/%/.test(await tid('winrate').textContent()), 'the analysis shows a win rate and grows',
    await tid('winrate').textContent());
  await tid('analyze').click();
  await page.waitForFunction(() => !window.tengen.state.game.analyzing);

  // A reload keeps the game (IndexedDB).
  const before = await game();
  await page.reload();
  await page.waitForFunction((id) => {
    const g2 = window.tengen && window.tengen.state.game;
    return g2 && g2.id === id;
  }, before.id);
  g = await game();
  check(g.moves.join(' ') === before.moves.join(' ') && g.board.join('/') === before.board.join('/'),
    'a reload brings the game back', g.moves.join(' '));

  // Undo takes back my move and tengen's answer; the game goes on from there.
  await tid('undo').click();
  await page.waitForFunction(() => window.tengen.state.game.move_number === 0);
  await page.locator('#board [data-vertex="C3"]').click();
  g = await waitHumanTurn();
  check(g.move_number === 2 && g.moves[0] === 'C3', 'undo, then tengen answers the move again', g.moves.join(' '));

  // Play on to the end: my moves where there is room, then passes; tengen counts.
  for (let i = 0; i < 30; i++) {
    g = await waitHumanTurn();
    if (g.phase !== 'play') break;
    const v = i < 6 ? freePoint(g) : null;
    const n = g.move_number;
    if (v) await page.locator(`#board [data-vertex="${v}"]`).click();
    else await tid('pass').click();
    await page.waitForFunction((m) => {
      const s = window.tengen.state;
      return document.getElementById('dlg-confirm').open || s.game.move_number > m || s.game.phase !== 'play' ||
        /occupied|suicide|ko/i.test(document.querySelector('[data-testid="message"]').textContent);
    }, n);
    if (await tid('confirm-dialog').isVisible()) await tid('confirm-ok').click();
  }
  g = await waitHumanTurn();
  check(g.phase === 'scoring' && g.scoring && /^[BW]\+|^0$/.test(g.scoring.result),
    'two passes start the count with tengen\'s dead stones', g.scoring && g.scoring.result);
  await tid('accept-score').click();
  await page.waitForFunction(() => window.tengen.state.game.phase === 'over');
  g = await game();
  check(/wins|Jigo/.test(g.result_text), 'the game ends with its result', g.result_text);

  // "Analyse this game": every position searched in the browser, the graph and the mistakes.
  await tid('review-playouts').selectOption('500');
  await tid('review-start').click();
  await page.waitForFunction(() => {
    const g2 = window.tengen.state.game;
    return !g2.reviewing && g2.review && g2.review.done === g2.review.total;
  }, null, { timeout: 60000 });
  g = await game();
  const rv = g.review;
  const vertex = /^([A-HJ-Z]([1-9]|1[0-9]|2[0-5])|pass)$/;
  const searched = rv.positions.every((p) => p && p.winrate >= 0 && p.winrate <= 1 && Number.isFinite(p.score_lead) &&
    vertex.test(p.best) && p.visits > 0);
  const costed = rv.positions.slice(1).every((p, i) => p.color === (i % 2 ? 'white' : 'black') &&
    Number.isFinite(p.points_lost) && Number.isFinite(p.winrate_lost));
  check(rv.playouts === 500 && rv.total === g.move_number + 1 && searched && costed,
    'the game review searched every position: win rate, score lead, best move, points lost',
    JSON.stringify(rv.positions.slice(0, 3)));
  check(await page.locator('#gr-graph path.winrate').count() === 1 && /Every position analysed at 500/.test(await tid('review-status').textContent()),
    'the review card draws the win rate and says it is done', await tid('review-status').textContent());
  // A second review, cancelled: the positions it found are kept, the card says so.
  await tid('review-playouts').selectOption('10000');
  await tid('review-start').click();
  await page.waitForFunction(() => window.tengen.state.game.review.done >= 1 && window.tengen.state.game.reviewing);
  await tid('review-cancel').click();
  await page.waitForFunction(() => !window.tengen.state.game.reviewing);
  g = await game();
  check(g.review.playouts === 10000 && g.review.done >= 1 && g.review.done < g.review.total,
    'a cancelled review keeps the positions it found', `${g.review.done} of ${g.review.total}`);
  const kept = g.review.done;
  await page.reload();
  await page.waitForFunction((id) => {
    const g2 = window.tengen && window.tengen.state.game;
    return g2 && g2.id === id;
  }, g.id);
  g = await game();
  check(g.review && g.review.done === kept && !g.reviewing, 'a reload keeps the review', `${g.review && g.review.done} of ${g.review && g.review.total}`);

  // SGF out: the download has the moves and the result.
  const [download] = await Promise.all([page.waitForEvent('download'), tid('download-sgf').click()]);
  const sgfPath = join(profile, 'out.sgf');
  await download.saveAs(sgfPath);
  const sgf = readFileSync(sgfPath, 'utf8');
  check(/SZ\[5\]/.test(sgf) && /;B\[cc\]/.test(sgf) && sgf.includes(`RE[${g.result}]`),
    'the SGF download has the size, the moves and the result', sgf.slice(0, 80));

  // SGF in: a 9x9 game of five moves opens at its end, and tengen plays on.
  const file = join(profile, 'in.sgf');
  writeFileSync(file, '(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]PB[Ann]PW[Bob];B[ee];W[cc];B[gc];W[cg];B[gg])');
  await tid('sgf-file').setInputFiles(file);
  await page.waitForFunction(() => {
    const g2 = window.tengen.state.game;
    return g2 && g2.size === 9 && g2.move_number === 5;
  });
  g = await game();
  check(g.moves.join(' ') === 'E5 C7 G7 C3 G3' && g.board[4][4] === 'X' && g.players.black === 'Ann',
    'an opened SGF has its moves, stones and players', g.moves.join(' '));
  await tid('review-exit').click().catch(() => {});
  g = await waitHumanTurn();
  check(g.move_number === 6 && g.to_move === 'black', 'tengen plays on in the opened game', g.moves.join(' '));

  // Handicap: on 9x9 with two stones tengen (White) moves first.
  await page.keyboard.press('n');
  await tid('new-game-dialog').waitFor({ state: 'visible' });
  await tid('f-size').fill('9');
  await tid('f-rules').selectOption('chinese');
  await tid('f-komi').fill('0.5');
  await tid('f-handicap').selectOption('2');
  await tid('f-colour').selectOption('black');
  await tid('f-strength').selectOption('custom');
  await tid('f-playouts').fill('300');
  await tid('f-seconds').fill('5');
  await tid('start-game').click();
  await page.waitForFunction(() => {
    const s = window.tengen.state;
    return s.game && s.game.size === 9 && s.game.handicap === 2 && s.game.move_number === 1 && !s.game.ai_thinking;
  });
  g = await waitHumanTurn();
  check(g.handicap === 2 && g.setup_stones === 2 && g.moves.length === 1 && g.to_move === 'black',
    'a handicap game: two stones, tengen moves first', `${g.setup_stones} stones, moves ${g.moves.join(' ')}`);

  // Atari Go against the alpha-beta player: the first capture ends the game.
  g = await newGame({ size: 7, rules: 'atari-go', komi: 0, engine: 'ab', playouts: 5000, seconds: 1 });
  for (let i = 0; i < 25 && g.phase === 'play'; i++) {
    const n = g.move_number;
    await page.locator(`#board [data-vertex="${freePoint(g)}"]`).click();
    await page.waitForFunction((m) => window.tengen.state.game.move_number > m, n);
    g = await waitHumanTurn();
  }
  check(g.phase === 'over' && g.end === 'capture' && g.ai.engine === 'ab' && /first to capture/.test(g.result_text),
    'Atari Go against alpha-beta ends at the first capture', `${g.result_text} after ${g.moves.length} moves`);

  // 19x19: a move within the strength's time (2 s), then "Move now" stops a 60-second search.
  await newGame({ size: 19, rules: 'japanese', komi: 6.5, playouts: 0, seconds: 2 });
  let t = Date.now();
  await page.locator('#board [data-vertex="Q16"]').click();
  g = await waitHumanTurn();
  let took = (Date.now() - t) / 1000;
  // The search's own time, and the click's to the stone on the board (the page's work added).
  check(g.move_number === 2 && g.moves[1] !== 'pass' && g.ai_move.seconds < 2.5 && took < 6,
    'a 19x19 move within its 2 seconds',
    `${g.moves[1]}: search ${g.ai_move.seconds} s, ${took.toFixed(1)} s from the click, ${g.ai_move.playouts} playouts`);
  await newGame({ size: 19, rules: 'chinese', komi: 7.5, playouts: 0, seconds: 60 });
  await page.locator('#board [data-vertex="D4"]').click();
  await tid('move-now').waitFor({ state: 'visible' });
  // Its thinking is shown as it goes: candidates on the board and in the list, the win rate.
  await page.waitForFunction(() => {
    const s = window.tengen.state;
    const a = s.analysis;
    return s.game.ai_thinking && a && !a.final && a.candidates.length > 0 && a.ownership.length === 19 &&
      document.querySelector('[data-testid="candidates"] tbody tr') && document.querySelector('#board .cand') &&
      /%/.test(document.querySelector('[data-testid="winrate"]').textContent);
  });
  const live = await page.evaluate(() => window.tengen.state.analysis);
  check(live.playouts > 0, 'tengen\'s thinking is shown live', `${live.playouts} playouts at ${live.seconds} s`);
  t = Date.now();
  await tid('move-now').click();
  g = await waitHumanTurn();
  took = (Date.now() - t) / 1000;
  check(g.move_number === 2 && took < 5, '"Move now" ends a 60-second search', `${took.toFixed(1)} s`);

  // "Move now" reaches the alpha-beta player's search too.
  await newGame({ size: 9, rules: 'chinese', komi: 7.5, engine: 'ab', playouts: 0, seconds: 60 });
  await page.locator('#board [data-vertex="E5"]').click();
  await tid('move-now').waitFor({ state: 'visible' });
  // Its first iteration is always completed (a move to play): let it pass.
  await page.waitForFunction(() => {
    const a = window.tengen.state.analysis;
    return window.tengen.state.game.ai_thinking && a && a.move_number === 1;
  });
  await page.waitForTimeout(1000);
  t = Date.now();
  await tid('move-now').click();
  g = await waitHumanTurn();
  took = (Date.now() - t) / 1000;
  check(g.move_number === 2 && g.ai.engine === 'ab' && g.moves[1] !== 'pass' && took < 5 && g.ai_move.seconds < 15,
    '"Move now" ends a 60-second alpha-beta search', `${g.moves[1]} after ${took.toFixed(1)} s, searched ${g.ai_move.seconds} s`);
}

try {
  const t0 = Date.now();
  await page.goto(url);
  await tid('new-game-dialog').waitFor({ state: 'visible' });
  if (mode === 'isolated') await isolatedRun();
  else await plainRun();
  check(apiCalls.length === 0, 'no request to a tengen server', apiCalls.slice(0, 3).join(' '));
  check(pageErrors.length === 0, 'no page errors', pageErrors.join('; '));
  console.log(`web_static${mode ? ` (${mode})` : ''}: ${((Date.now() - t0) / 1000).toFixed(1)} s in the browser`);
} catch (e) {
  check(false, 'the game runs through', String(e && e.stack || e));
  await page.screenshot({ path: join(profile, 'failure.png') }).catch(() => {});
} finally {
  await context.close();
}
process.exit(failures ? 1 : 0);

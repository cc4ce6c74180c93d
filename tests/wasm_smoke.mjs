// wasm_smoke.mjs - the browser half of tests/wasm_smoke.sh: in Debian chromium (playwright-core),
// the WebAssembly engine of build-wasm/, served by a plain static server at the URL given, loads
// in its Web Worker, answers GTP, plays a legal move, counts a finished position, writes SGF,
// analyses while it moves and stops a long search on request.
//
// usage: node tests/wasm_smoke.mjs URL   (URL: the served build-wasm/ folder, ending in '/')
import { chromium } from 'playwright-core';

const url = process.argv[2];
if (!url) {
  console.error('usage: node tests/wasm_smoke.mjs URL');
  process.exit(2);
}

let failures = 0;
function check(ok, what, detail = '') {
  console.log(`${ok ? 'ok' : 'FAIL'}: ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures++;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  page.setDefaultTimeout(30000);
  const consoleLines = [];
  page.on('console', (m) => consoleLines.push(m.text()));
  page.on('pageerror', (e) => consoleLines.push('page error: ' + e.message));
  await page.goto(url);

  // The page side: one worker, and send(msg) resolving with its answer (matched by id for GTP).
  await page.evaluate(() => {
    const worker = new Worker('engine_worker.js');
    const waiting = [];
    worker.onmessage = (event) => {
      const msg = event.data;
      if (msg.type === 'log') return console.log('engine: ' + msg.text);
      if (msg.type === 'progress') return; // the lines of a search so far
      const i = waiting.findIndex((w) => w.match(msg));
      if (i >= 0) waiting.splice(i, 1)[0].resolve(msg);
      else console.log('unexpected message ' + JSON.stringify(msg));
    };
    worker.onerror = (e) => console.log('worker error: ' + e.message);
    let nextId = 1;
    window.send = (msg) => new Promise((resolve) => {
      if (msg.command !== undefined) {
        const id = nextId++;
        msg = { type: 'gtp', ...msg, id };
        waiting.push({ match: (m) => m.id === id || m.type === 'error', resolve });
      } else {
        waiting.push({ match: (m) => m.type !== 'reply', resolve });
      }
      worker.postMessage(msg);
    });
    window.gtp = async (command) => {
      const r = await window.send({ command });
      return r.type === 'reply' ? r : { ok: false, reply: r.error };
    };
    window.stop = () => worker.postMessage({ type: 'stop' });
  });

  // Load: the engine starts with the shipped model and a 1 s move time.
  const t0 = Date.now();
  const ready = await page.evaluate(() =>
    window.send({ type: 'init', model: 'tengen.model', seconds: 1 }));
  check(ready.type === 'ready' && ready.model && !ready.error, 'the engine and its model load',
    `${JSON.stringify(ready)} in ${Date.now() - t0} ms`);
  const name = await page.evaluate(() => window.gtp('name'));
  check(name.ok && name.reply === 'tengen', 'GTP name', name.reply);

  // genmove on 9x9 answers a legal move, which is then on the board.
  const move = await page.evaluate(async () => {
    for (const c of ['boardsize 9', 'clear_board', 'komi 7']) await window.gtp(c);
    const m = await window.gtp('genmove b');
    const stones = await window.gtp('list_stones black');
    return { m, stones };
  });
  check(move.m.ok && /^[A-HJ][1-9]$/.test(move.m.reply) &&
    move.stones.reply.split(/\s+/).includes(move.m.reply), 'genmove on 9x9 plays a legal move',
    `${move.m.reply}; black stones: ${move.stones.reply}`);

  // A few moves and the count: black walls off columns A-C of a 5x5 board, white D-E.
  const game = await page.evaluate(async () => {
    const out = {};
    for (const c of ['boardsize 5', 'clear_board', 'komi 0.5']) await window.gtp(c);
    const moves = [];
    for (let row = 1; row <= 5; row++) moves.push(`play b C${row}`, `play w D${row}`);
    out.plays = [];
    for (const c of moves) out.plays.push((await window.gtp(c)).ok);
    out.occupied = await window.gtp('play b C3');
    out.bad = await window.gtp('play b Z9');
    out.score = await window.gtp('final_score');
    out.dead = await window.gtp('final_status_list dead');
    out.sgf = await window.gtp('printsgf');
    out.analyze = await window.gtp('kata-genmove_analyze w 10'); // info every 0.1 s
    // Searches inside the command until a stop; its info lines can be read meanwhile.
    const live = window.gtp('kata-analyze b 10 ownership true');
    await new Promise((r) => setTimeout(r, 600));
    window.stop();
    out.live = await live;
    return out;
  });
  check(game.plays.every((ok) => ok), 'ten plays are accepted');
  check(!game.occupied.ok && /illegal/.test(game.occupied.reply), 'a move on a stone is refused',
    game.occupied.reply);
  check(!game.bad.ok, 'a vertex off the board is refused', game.bad.reply);
  check(game.score.ok && game.score.reply === 'B+4.5', 'final_score counts the position',
    game.score.reply);
  check(game.dead.ok && game.dead.reply === '', 'no dead stones', JSON.stringify(game.dead.reply));
  check(game.sgf.ok && game.sgf.reply.startsWith('(;') && game.sgf.reply.includes('SZ[5]') &&
    game.sgf.reply.includes(';W[de]'), 'printsgf answers the game', game.sgf.reply.slice(0, 60));
  const liveLines = game.live.reply.split('\n');
  check(game.live.ok && liveLines.length >= 3 && liveLines.every((l) => /^info move /.test(l)) &&
    / ownership( -?[01]\.\d+){25}$/.test(liveLines[liveLines.length - 1]),
  'kata-analyze searches until stopped and ends with a whole info line',
  `${liveLines.length} lines: ${game.live.reply.slice(0, 60)}`);
  check(game.analyze.ok && /^info move /m.test(game.analyze.reply) &&
    /^play /m.test(game.analyze.reply), 'kata-genmove_analyze answers info lines and a move',
    game.analyze.reply.split('\n').pop());

  // Stop: a 60 s genmove on 19x19 answers soon after a stop, and the worker goes on answering.
  const stopped = await page.evaluate(async () => {
    await window.send({ type: 'init', model: 'tengen.model', seconds: 60 });
    for (const c of ['boardsize 19', 'clear_board']) await window.gtp(c);
    const start = performance.now();
    const pending = window.gtp('genmove b');
    const after = window.gtp('name'); // queued behind the genmove
    await new Promise((r) => setTimeout(r, 1500));
    const stopAt = performance.now();
    window.stop();
    const m = await pending;
    const answered = performance.now();
    return { m, afterStop: answered - stopAt, total: answered - start, after: await after };
  });
  check(stopped.m.ok && /^[A-HJ-T]([1-9]|1[0-9])$/.test(stopped.m.reply),
    'a stopped genmove answers a move', stopped.m.reply);
  check(stopped.afterStop < 2000, 'the stop is prompt',
    `answered ${Math.round(stopped.afterStop)} ms after the stop, ${Math.round(stopped.total)} ms in all`);
  check(stopped.after.ok && stopped.after.reply === 'tengen', 'a queued command is answered next');

  if (failures) console.log(consoleLines.map((l) => '  console: ' + l).join('\n'));
} finally {
  await browser.close();
}
console.log(failures ? `wasm_smoke: ${failures} check(s) failed` : 'wasm_smoke: all checks passed');
process.exit(failures ? 1 : 0);

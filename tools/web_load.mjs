// web_load.mjs - load test of `tengen web` (a benchmark, not a test: docs/benchmarks.md, "Web
// server load test"). Starts the server on a free port with a scratch data folder, then N
// simulated players at once, each playing its own game as the page does: POST play (a random
// empty point; an illegal one is answered 409 and another is tried), POST genmove (the AI answers
// at low playouts), GET the state; a game that ends is replaced by a new one. After the run it
// prints the throughput, the latency percentiles per kind of request, and every failure.
//
//   node tools/web_load.mjs [--tengen build/tengen] [--games 100] [--seconds 60]
//                           [--playouts 200] [--size 9] [--threads N] [--queue 256]
//
// A failure is a network error or any status but 200/201, except 409 for an illegal move (the
// answer the API gives by design). --threads and --queue are passed to `tengen web`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function options() {
  const o = { tengen: 'build/tengen', games: 100, seconds: 60, playouts: 200, size: 9,
              threads: 0, queue: 256 };
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i].replace(/^--/, '');
    if (!(name in o) || i + 1 >= args.length) {
      console.error(`usage: node tools/web_load.mjs ${Object.keys(o).map((k) => `[--${k} X]`).join(' ')}`);
      process.exit(2);
    }
    o[name] = name === 'tengen' ? args[i + 1] : Number(args[i + 1]);
  }
  return o;
}

const opt = options();
const dataDir = mkdtempSync(join(tmpdir(), 'tengen-load-'));
const serverArgs = ['web', '--port', '0', '--data', dataDir, '--queue', String(opt.queue)];
if (opt.threads > 0) serverArgs.push('--threads', String(opt.threads));
const server = spawn(opt.tengen, serverArgs, { stdio: ['ignore', 'pipe', 'inherit'] });

const base = await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (chunk) => {
    out += chunk;
    const m = out.match(/open (http:\/\/\S+)\/ in a browser/);
    if (m) resolve(m[1]);
  });
  server.on('exit', (code) => reject(new Error(`tengen web exited ${code}: ${out}`)));
});

const stats = {}; // kind -> latencies (ms)
const failures = [];
let illegal = 0;
let gamesStarted = 0;
let gamesEnded = 0;

async function call(kind, method, path, body) {
  const t0 = performance.now();
  let status = 0;
  let json = null;
  try {
    const res = await fetch(base + path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    status = res.status;
    json = await res.json();
  } catch (e) {
    failures.push(`${kind}: ${e.message}`);
  }
  const ms = performance.now() - t0;
  (stats[kind] ||= []).push(ms);
  const ok = status === 200 || status === 201 || (kind === 'play' && status === 409);
  if (status && !ok) failures.push(`${kind}: ${status} ${json && json.error}`);
  return { status, json };
}

const letters = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
function randomEmpty(state) {
  const empty = [];
  state.board.forEach((row, y) => {
    for (let x = 0; x < row.length; x++)
      if (row[x] === '.') empty.push(letters[x] + (state.size - y));
  });
  return empty.length ? empty[Math.floor(Math.random() * empty.length)] : 'pass';
}

async function newGame() {
  gamesStarted++;
  const { json } = await call('create', 'POST', '/api/games',
                              { size: opt.size, playouts: opt.playouts });
  return json;
}

async function player(deadline) {
  let state = await newGame();
  while (state && performance.now() < deadline) {
    if (state.phase !== 'play') {
      gamesEnded++;
      state = await newGame();
      continue;
    }
    // The human's move: a random empty point, another after an illegal one, pass after 5.
    let played = null;
    for (let tries = 0; tries < 6 && !played; tries++) {
      const move = tries === 5 ? 'pass' : randomEmpty(state);
      const r = await call('play', 'POST', `/api/games/${state.id}/play`, { move });
      if (r.status === 200) played = r.json;
      else if (r.status === 409) illegal++;
      else break;
    }
    if (!played) break;
    state = played;
    if (state.phase === 'play') {
      const r = await call('genmove', 'POST', `/api/games/${state.id}/genmove`);
      if (r.status !== 200) break;
      state = r.json;
    }
    const r = await call('state', 'GET', `/api/games/${state.id}`);
    if (r.status !== 200) break;
    state = r.json;
  }
}

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const t0 = performance.now();
const deadline = t0 + opt.seconds * 1000;
await Promise.all(Array.from({ length: opt.games }, () => player(deadline)));
const elapsed = (performance.now() - t0) / 1000;

const all = Object.values(stats).flat();
console.log(`tengen web load test: ${opt.games} concurrent games, ${opt.size}x${opt.size}, ` +
            `${opt.playouts} playouts per AI move, ${elapsed.toFixed(1)} s`);
console.log(`requests: ${all.length} (${(all.length / elapsed).toFixed(1)}/s), ` +
            `AI moves: ${(stats.genmove || []).length} (${((stats.genmove || []).length / elapsed).toFixed(1)}/s), ` +
            `illegal moves answered 409: ${illegal}, games started ${gamesStarted}, finished ${gamesEnded}`);
console.log('latency ms    count     p50     p90     p99     max');
for (const [kind, list] of [...Object.entries(stats), ['all', all]]) {
  const s = [...list].sort((a, b) => a - b);
  const f = (v) => v.toFixed(1).padStart(7);
  console.log(`${kind.padEnd(10)} ${String(s.length).padStart(8)} ${f(percentile(s, 50))} ` +
              `${f(percentile(s, 90))} ${f(percentile(s, 99))} ${f(s[s.length - 1] || 0)}`);
}
console.log(`failed requests: ${failures.length}`);
for (const f of failures.slice(0, 20)) console.log(`  ${f}`);

server.kill('SIGTERM');
await new Promise((resolve) => server.on('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });
process.exit(failures.length ? 1 : 0);

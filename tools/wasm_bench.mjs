// wasm_bench.mjs - the speed of tengen in the browser next to the native binary, one thread, in
// one run (docs/benchmarks.md, "In the browser (WebAssembly)"). Native and WebAssembly take turns,
// ROUNDS times each, so that a loaded machine slows both alike; the medians are compared.
//
//   light playouts/s, 9x9:  native `tengen bench playouts --size 9 --seconds 3`; in the browser
//                           the same playouts from the worker's {type: 'bench'} message.
//   search playouts/s, 9x9: `boardsize 9`, `komi 7`, `genmove b` at 30,000 playouts, one thread,
//                           with the shipped model; the rate is the one genmove's log line gives
//                           (native: stderr of `tengen gtp`; browser: the worker's log messages).
//
// usage: node tools/wasm_bench.mjs [path/to/tengen] [build-wasm]   (after `make` and `make wasm`)
// ROUNDS (default 3) sets the turns. Debian chromium, playwright-core (npm ci).
import { execFileSync, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const tengen = resolve(process.argv[2] || 'build/tengen');
const folder = resolve(process.argv[3] || 'build-wasm');
const rounds = Number(process.env.ROUNDS || 3);
const SEARCH_PLAYOUTS = 30000;

// A static server for the build folder (the .wasm needs its MIME type to be compiled as it loads).
const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
  const file = join(folder, path === '/' ? 'index.html' : path);
  if (!file.startsWith(folder)) return res.writeHead(403).end();
  try {
    const body = path === '/' ? '<!doctype html><title>tengen bench</title>' : await readFile(file);
    const ext = path === '/' ? '.html' : file.slice(file.lastIndexOf('.'));
    res.writeHead(200, { 'Content-Type': TYPES[ext] || 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/`;

function nativeLight() {
  const out = execFileSync(tengen, ['bench', 'playouts', '--size', '9', '--seconds', '3'],
    { encoding: 'utf8' });
  return Number(/playouts\/s: (\d+)/.exec(out)[1]);
}

// The rate of genmove's log line: "tengen: B E5, win rate 0.520, 30000 playouts in 2.10 s (14286/s)".
function logRate(text) {
  const m = /(\d+) playouts in [\d.]+ s \((\d+)\/s\)/.exec(text);
  return m ? Number(m[2]) : NaN;
}

function nativeSearch() {
  const r = spawnSync(tengen, ['gtp', '--playouts', String(SEARCH_PLAYOUTS), '--threads', '1'],
    { input: 'boardsize 9\nkomi 7\ngenmove b\n', encoding: 'utf8' });
  return logRate(r.stderr);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
page.setDefaultTimeout(600000);
await page.goto(url);
const userAgent = await page.evaluate(() => navigator.userAgent);
await page.evaluate(() => {
  const worker = new Worker('engine_worker.js');
  let waiting = null;
  window.logs = [];
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === 'log') window.logs.push(msg.text);
    else if (waiting) waiting(msg);
  };
  window.send = (msg) => new Promise((r) => { waiting = r; worker.postMessage(msg); });
});
const wasmLight = () => page.evaluate(async () =>
  (await window.send({ type: 'bench', size: 9, seconds: 3 })).playoutsPerSecond);
const wasmSearch = () => page.evaluate(async (playouts) => {
  const ready = await window.send({ type: 'init', model: 'tengen.model', playouts });
  if (ready.error) throw new Error(ready.error);
  window.logs = [];
  for (const command of ['boardsize 9', 'komi 7', 'genmove b']) await window.send({ command });
  return window.logs.join('\n');
}, SEARCH_PLAYOUTS).then(logRate);

const results = { nativeLight: [], wasmLight: [], nativeSearch: [], wasmSearch: [] };
for (let i = 0; i < rounds; i++) {
  results.nativeLight.push(nativeLight());
  results.wasmLight.push(await wasmLight());
  results.nativeSearch.push(nativeSearch());
  results.wasmSearch.push(await wasmSearch());
  console.log(`round ${i + 1}: ` + Object.entries(results)
    .map(([k, v]) => `${k} ${Math.round(v[i])}`).join(', '));
}
await browser.close();
server.close();

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const percent = (x) => `${Math.round(100 * x)}%`;
// Two views of the ratio: of the medians, and the median of each round's ratio (the load moves
// between rounds more than within one).
const row = (what, n, w) =>
  `| ${what} | ${Math.round(median(n))} | ${Math.round(median(w))} | ` +
  `${percent(median(w) / median(n))} | ${percent(median(w.map((x, i) => x / n[i])))} |`;
console.log(`\nbrowser: ${userAgent}`);
console.log(`medians of ${rounds} alternating rounds, one thread:\n`);
console.log('| measure | native /s | WebAssembly /s | ratio of medians | median ratio |');
console.log('|---|---|---|---|---|');
console.log(row('light playouts, 9x9', results.nativeLight, results.wasmLight));
console.log(row(`search playouts, 9x9 (${SEARCH_PLAYOUTS} playouts, model)`,
  results.nativeSearch, results.wasmSearch));

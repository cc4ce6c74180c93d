// wasm_threads_bench.mjs - the search of tengen in the browser on one engine worker and on
// several (web/engine_pool.js, the cross-origin-isolated page's root parallelism), in one run
// (docs/benchmarks.md, "In the browser: several workers"). The folder of `make web-static` is
// served with the COOP/COEP headers, as a host that opts in would; each round starts a pool of
// each size afresh (no tree kept) and times `kata-genmove_analyze b` on the empty 9x9 board for
// SECONDS seconds with the shipped model: playouts/s are the root visits of the answer's last
// info line (summed over the workers) over the command's time on the page; each worker's own rate
// (its genmove log line) is printed beside. Sizes take turns, ROUNDS times, so that a loaded machine slows them alike.
//
// usage: node tools/wasm_threads_bench.mjs [build-web-static] [SIZES]   (after `make web-static`)
// SIZES: worker counts, default "1,2"; ROUNDS (default 3) and SECONDS (default 5) in the
// environment. Debian chromium, playwright-core (npm ci).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const folder = resolve(process.argv[2] || 'build-web-static');
const sizes = (process.argv[3] || '1,2').split(',').map(Number);
const rounds = Number(process.env.ROUNDS || 3);
const seconds = Number(process.env.SECONDS || 5);

const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
  const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
  if (path === '/') {
    return res.writeHead(200, { 'Content-Type': 'text/html', ...isolation }).end('<!doctype html><title>tengen bench</title>');
  }
  const file = join(folder, path);
  if (!file.startsWith(folder)) return res.writeHead(403).end();
  try {
    const body = await readFile(file);
    const type = TYPES[file.slice(file.lastIndexOf('.'))] || 'application/octet-stream';
    res.writeHead(200, { 'Content-Type': type, ...isolation }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
page.setDefaultTimeout(600000);
await page.goto(`http://127.0.0.1:${server.address().port}/`);
const about = await page.evaluate(() => ({
  isolated: crossOriginIsolated, cores: navigator.hardwareConcurrency, agent: navigator.userAgent,
}));

// One pool of n workers: a fresh engine in each, one timed genmove; playouts/s of the pool.
const measure = (n) => page.evaluate(async ({ n, seconds }) => {
  const { EnginePool } = await import('./engine_pool.js');
  const pool = new EnginePool('engine_worker.js', n);
  const ready = await pool.init({ model: 'tengen.model', playouts: 0, seconds });
  if (ready.error) throw new Error(ready.error);
  // Each worker's own rate, from its genmove log line ("... 41000 playouts in 5.00 s (8200/s)").
  const rates = [];
  for (const w of pool.workers) {
    w.worker.addEventListener('message', (e) => {
      const m = e.data && e.data.type === 'log' && /\((\d+)\/s\)/.exec(e.data.text);
      if (m) rates.push(Number(m[1]));
    });
  }
  for (const c of ['boardsize 9', 'komi 7']) await pool.command(c);
  const t0 = performance.now();
  const r = await pool.command('kata-genmove_analyze b interval 100');
  const elapsed = (performance.now() - t0) / 1000;
  for (const w of pool.workers) w.worker.terminate();
  // The answer's last info line sums up the whole search (the earlier ones are its progress).
  const last = r.reply.split('\n').filter((l) => l.startsWith('info')).pop() || '';
  const visits = [...last.matchAll(/ visits (\d+)/g)].reduce((t, m) => t + Number(m[1]), 0);
  return { rate: visits / elapsed, workers: rates };
}, { n, seconds });

const results = new Map(sizes.map((n) => [n, []]));
const own = new Map(sizes.map((n) => [n, []])); // the workers' own rates, summed
for (let i = 0; i < rounds; i++) {
  const line = [];
  for (const n of sizes) {
    const r = await measure(n);
    results.get(n).push(r.rate);
    own.get(n).push(r.workers.reduce((t, x) => t + x, 0));
    line.push(`${n} worker(s) ${Math.round(r.rate)}/s (each: ${r.workers.join(', ')})`);
  }
  console.log(`round ${i + 1}: ${line.join('; ')}`);
}
await browser.close();
server.close();

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const base = median(results.get(sizes[0]));
console.log(`\nbrowser: ${about.agent}; cross-origin isolated: ${about.isolated}; processors: ${about.cores}`);
console.log(`medians of ${rounds} alternating rounds, ${seconds} s genmove on empty 9x9, shipped model:\n`);
const baseOwn = median(own.get(sizes[0]));
console.log(`| workers | playouts/s on the page | vs ${sizes[0]} | workers' own rates summed | vs ${sizes[0]} |`);
console.log('|---|---|---|---|---|');
for (const n of sizes) {
  const m = median(results.get(n));
  const o = median(own.get(n));
  console.log(`| ${n} | ${Math.round(m)} | ${(m / base).toFixed(2)}x | ${Math.round(o)} | ${(o / baseOwn).toFixed(2)}x |`);
}

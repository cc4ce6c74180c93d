// end_timing.mjs - how long the end of a game takes (a benchmark, not a test: docs/benchmarks.md,
// "End of the game"). For every SGF given and every BACK of the list, loads the game up to BACK
// moves before its last move, lets the player to move pass, then times what a GUI sends next:
// `genmove` for the other player, `final_status_list dead` and `final_score`. Prints each slow
// answer and, per command, the median, the 90th percentile and the worst time in seconds.
//
//   node tools/end_timing.mjs [--tengen build/tengen] [--playouts 3000] [--back 0,4,10]
//                             [--slow 1] GAME.sgf...
//
// A measuring tool, not part of tengen: it trusts the files it is given.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

function options() {
  const o = { tengen: 'build/tengen', playouts: 3000, back: [0, 4, 10], slow: 1, files: [] };
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '--tengen') o.tengen = a[++i];
    else if (a[i] === '--playouts') o.playouts = Number(a[++i]);
    else if (a[i] === '--back') o.back = a[++i].split(',').map(Number);
    else if (a[i] === '--slow') o.slow = Number(a[++i]);
    else o.files.push(a[i]);
  }
  if (!o.files.length) {
    console.error('usage: node tools/end_timing.mjs [--tengen T] [--playouts N] [--back 0,4,10] GAME.sgf...');
    process.exit(2);
  }
  return o;
}

const o = options();
const engine = spawn(o.tengen, ['gtp', '--playouts', String(o.playouts)], { stdio: ['pipe', 'pipe', 'ignore'] });
const lines = createInterface({ input: engine.stdout });
const waiting = [];
let answer = [];
lines.on('line', (l) => {
  if (l === '') {
    const w = waiting.shift();
    if (w) w(answer.join('\n'));
    answer = [];
  } else {
    answer.push(l);
  }
});

function send(cmd) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    waiting.push((text) => resolve({ text, seconds: Number(process.hrtime.bigint() - t0) / 1e9 }));
    engine.stdin.write(cmd + '\n');
  });
}

const times = { genmove: [], final_status_list: [], final_score: [] };
for (const file of o.files) {
  const moves = (readFileSync(file, 'utf8').match(/;\s*[BW]\s*\[/g) || []).length;
  for (const back of o.back) {
    const upTo = moves - back;
    if (upTo < 2) continue;
    const load = await send(`loadsgf ${file} ${upTo}`);
    if (!load.text.startsWith('=')) continue;
    const toMove = load.text.slice(1).trim();
    const other = toMove === 'black' ? 'white' : 'black';
    await send(`play ${toMove} pass`);
    for (const cmd of [`genmove ${other}`, 'final_status_list dead', 'final_score']) {
      const r = await send(cmd);
      times[cmd.split(' ')[0]].push(r.seconds);
      if (r.seconds >= o.slow)
        console.log(`${r.seconds.toFixed(2)} s  ${file} at move ${upTo}: ${cmd} -> ${r.text.replace(/\n/g, ' ')}`);
    }
  }
}
engine.stdin.end();
const q = (v, f) => v[Math.min(v.length - 1, Math.floor(f * v.length))];
for (const [cmd, v] of Object.entries(times)) {
  v.sort((x, y) => x - y);
  if (v.length)
    console.log(`${cmd}: ${v.length} positions, median ${q(v, 0.5).toFixed(3)} s, ` +
                `90% ${q(v, 0.9).toFixed(3)} s, worst ${v[v.length - 1].toFixed(3)} s`);
}

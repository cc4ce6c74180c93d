// team_load.mjs - load test of team games (a benchmark, not a test: docs/benchmarks.md, "Team
// games load test"). Starts `tengen web` on a free port with a scratch data folder, makes
// --games team games and lets --voters simulated voters (spread evenly over them) join, each
// with its own event stream open, as the page has. On every vote each voter waits a moment,
// then votes: mostly for a proposal already made, sometimes a new one (a random empty point of
// the board it was sent), and now and then changes its vote. After --seconds it prints the votes
// answered per second, their latency percentiles, the events the streams delivered, the moves
// played, and the server's processor time and peak memory (from /proc).
//
//   node tools/team_load.mjs [--tengen build/tengen] [--games 5] [--voters 100] [--seconds 60]
//                            [--vote_seconds 10] [--playouts 100] [--size 9]
//
// A failure is a network error or any status but 200, except 409 (an occupied point, or a vote
// that has just closed: the answers the API gives by design).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function options() {
  const o = { tengen: 'build/tengen', games: 5, voters: 100, seconds: 60, vote_seconds: 10,
              playouts: 100, size: 9 };
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i].replace(/^--/, '');
    if (!(name in o) || i + 1 >= args.length) {
      console.error(`usage: node tools/team_load.mjs ${Object.keys(o).map((k) => `[--${k} X]`).join(' ')}`);
      process.exit(2);
    }
    o[name] = name === 'tengen' ? args[i + 1] : Number(args[i + 1]);
  }
  return o;
}

const opt = options();
const dataDir = mkdtempSync(join(tmpdir(), 'tengen-team-load-'));
const server = spawn(opt.tengen, ['web', '--port', '0', '--data', dataDir], { stdio: ['ignore', 'pipe', 'ignore'] });
const base = await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    const m = out.match(/open (http:\/\/\S+)\/ in a browser/);
    if (m) resolve(m[1]);
  });
  server.on('exit', (code) => reject(new Error(`tengen web exited (${code}): ${out}`)));
});

// The server's processor seconds and peak resident memory (Linux /proc).
function serverUsage() {
  const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]); // utime + stime, in clock ticks (100 Hz)
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const hwm = Number((status.match(/VmHWM:\s+(\d+)/) || [0, 0])[1]);
  const threads = Number((status.match(/Threads:\s+(\d+)/) || [0, 0])[1]);
  return { cpu: ticks / 100, peakMB: hwm / 1024, threads };
}

async function post(path, body) {
  const r = await fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, json: await r.json().catch(() => null) };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const LETTERS = 'ABCDEFGHJKLMNOPQRST';
const latencies = [];
const failures = [];
let answered = 0, refused = 0, events = 0;
let running = true;

function openStream(id, token, onEvent) {
  const ctl = new AbortController();
  (async () => {
    const r = await fetch(`${base}/api/teams/${id}/events?token=${token}`, { signal: ctl.signal });
    const reader = r.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let k;
      while ((k = buf.indexOf('\n\n')) >= 0) {
        const chunk = buf.slice(0, k);
        buf = buf.slice(k + 2);
        const m = chunk.match(/^event: (\w+)\ndata: (.*)$/s);
        if (m) {
          events++;
          onEvent(m[1], JSON.parse(m[2]));
        }
      }
    }
  })().catch(() => {});
  return ctl;
}

async function voter(id, name) {
  const joined = await post(`/api/teams/${id}/join`, { name });
  if (joined.status !== 201) {
    failures.push(`join ${joined.status}`);
    return;
  }
  const token = joined.json.token;
  let team = null, game = null, wake = null;
  const ctl = openStream(id, token, (event, data) => {
    if (event === 'team') team = data;
    if (event === 'game') game = data;
    if (wake) wake();
  });
  let lastVoted = 0;
  while (running) {
    if (!team || team.status !== 'voting' || !team.vote || team.vote.closing || team.vote.move_number === lastVoted || !game) {
      await new Promise((resolve) => { wake = resolve; setTimeout(resolve, 500); });
      wake = null;
      continue;
    }
    const number = team.vote.move_number;
    await sleep(200 + Math.random() * 1500); // people take a moment
    if (!running) break;
    const props = (team.vote && team.vote.proposals) || [];
    let move;
    if (props.length && Math.random() < 0.7) {
      move = props[Math.floor(Math.random() * props.length)].move;
    } else {
      const empty = [];
      game.board.forEach((row, y) => [...row].forEach((c, x) => { if (c === '.') empty.push(LETTERS[x] + (game.size - y)); }));
      move = empty.length ? empty[Math.floor(Math.random() * empty.length)] : 'pass';
    }
    const times = Math.random() < 0.2 ? 2 : 1; // now and then a change of mind
    for (let i = 0; i < times && running; i++) {
      const t = performance.now();
      let r;
      try {
        r = await post(`/api/teams/${id}/vote`, { token, move });
      } catch (e) {
        failures.push(`vote: ${e.message}`);
        continue;
      }
      latencies.push(performance.now() - t);
      if (r.status === 200) answered++;
      else if (r.status === 409) refused++;
      else failures.push(`vote ${r.status} ${r.json && r.json.reason}`);
      if (props.length) move = props[Math.floor(Math.random() * props.length)].move;
    }
    lastVoted = number;
  }
  ctl.abort();
}

const ids = [];
for (let g = 0; g < opt.games; g++) {
  const r = await post('/api/teams', { size: opt.size, vote_seconds: opt.vote_seconds, playouts: opt.playouts });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.json)}`);
  ids.push(r.json.id);
}
const before = serverUsage();
const t0 = performance.now();
const voters = [];
for (let v = 0; v < opt.voters; v++) voters.push(voter(ids[v % ids.length], `voter ${v + 1}`));
await sleep(opt.seconds * 1000);
running = false;
await Promise.all(voters);
const seconds = (performance.now() - t0) / 1000;
const after = serverUsage();
let moves = 0;
for (const id of ids) {
  const r = await fetch(`${base}/api/teams/${id}`).then((x) => x.json());
  moves += r.results.length;
}
server.kill('SIGTERM');
await new Promise((resolve) => server.on('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1) : '-');
console.log(`team games: ${opt.games}, voters: ${opt.voters}, ${seconds.toFixed(1)} s, vote_seconds ${opt.vote_seconds}, playouts ${opt.playouts}, ${opt.size}x${opt.size}`);
console.log(`votes answered: ${answered} (200) + ${refused} (409), ${((answered + refused) / seconds).toFixed(1)} per second`);
console.log(`vote latency ms: p50 ${pct(0.5)}  p90 ${pct(0.9)}  p99 ${pct(0.99)}  max ${latencies.length ? latencies[latencies.length - 1].toFixed(1) : '-'}`);
console.log(`events delivered: ${events} (${(events / seconds).toFixed(0)} per second); team moves played: ${moves}`);
console.log(`server: ${(after.cpu - before.cpu).toFixed(1)} processor seconds (${((after.cpu - before.cpu) / seconds * 100).toFixed(0)}% of one CPU), peak memory ${after.peakMB.toFixed(0)} MB, ${after.threads} threads`);
console.log(`failures: ${failures.length}${failures.length ? ': ' + [...new Set(failures)].slice(0, 10).join('; ') : ''}`);
process.exit(failures.length ? 1 : 0);

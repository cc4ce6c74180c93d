// web_team_api.mjs - team games through the JSON API (docs/web.md, "Team games"), run by
// tests/web_team.sh: creating (bad fields refused), joining (bad names refused, names given back
// as they were sent), proposing, voting, changing a vote, illegal proposals refused with their
// reason, the majority, a tie going to the earliest proposal, no vote making the team pass, a
// voter who leaves (explicitly, or by closing the event stream) not holding up the vote, the
// event stream, analysis hidden from voters, the result as the move's SGF comment, and a restart
// that keeps the open vote (its votes and deadline) and the members' tokens.
//
// usage: node tests/web_team_api.mjs TENGEN SCRATCH_DIR
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [tengen, scratch] = process.argv.slice(2);
if (!tengen || !scratch) {
  console.error('usage: node tests/web_team_api.mjs TENGEN SCRATCH_DIR');
  process.exit(2);
}
const data = join(scratch, 'data');
let server = null;
let url = '';
let step = 'start';

function check(cond, msg) {
  if (!cond) throw new Error(`${step}: ${msg}`);
}

async function startServer() {
  server = spawn(tengen, ['web', '--port', '0', '--data', data, '--threads', '2'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  server.stderr.on('data', (d) => {
    if (!/EXTERNAL_LOGGER/.test(d)) process.stderr.write(`  server: ${d}`);
  });
  url = await new Promise((resolve, reject) => {
    server.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/open (http:\/\/\S+)\/ in a browser/);
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`the server exited (${code}): ${out}`)));
  });
}

// A failed check leaves no server behind.
process.on('exit', () => { if (server) server.kill('SIGKILL'); });

async function stopServer() {
  const exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  const code = await exited;
  check(code === 0, `the server exited with status ${code}`);
  server = null;
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const r = await fetch(url + path, init);
  const text = await r.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* not JSON: checked by the caller */ }
  return { status: r.status, json, text };
}

async function expect(method, path, body, status, reason) {
  const r = await api(method, path, body);
  check(r.status === status, `${method} ${path} ${JSON.stringify(body)}: status ${r.status}, expected ${status}: ${r.text.slice(0, 300)}`);
  if (reason) check(r.json && r.json.reason === reason, `${method} ${path}: reason ${r.json && r.json.reason}, expected ${reason}`);
  return r.json;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Wait until f() gives something true (polling the API), at most `seconds`.
async function until(what, f, seconds = 20) {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const v = await f();
    if (v) return v;
    check(Date.now() < end, `waited ${seconds} s for ${what}`);
    await sleep(100);
  }
}

const team = (id, token) => api('GET', `/api/teams/${id}` + (token ? `?token=${token}` : '')).then((r) => r.json);
const vote = (id, token, move, status = 200, reason) =>
  expect('POST', `/api/teams/${id}/vote`, { token, move }, status, reason);
const join_ = async (id, name, role) => {
  const j = await expect('POST', `/api/teams/${id}/join`, role ? { name, role } : { name }, 201);
  check(/^[0-9a-f]{32}$/.test(j.token), `a token: ${j.token}`);
  return j.token;
};
// The vote for move `number` is open.
const voteOpen = (id, number) => until(`the vote for move ${number}`, async () => {
  const t = await team(id);
  return t.status === 'voting' && t.vote && t.vote.move_number === number && t.vote.votes === 0 ? t : null;
});
const resultOf = (id, k) => until(`the result of vote ${k + 1}`, async () => (await team(id)).results[k]);
// Empty points of the team's game, in an order that spreads them over the board.
async function emptyPoints(id) {
  const g = (await team(id)).game;
  const letters = 'ABCDEFGHJKLMNOPQRST';
  const out = [];
  for (let y = 0; y < g.size; y++) {
    for (let x = 0; x < g.size; x++) {
      if (g.board[y][x] === '.') out.push(letters[x] + (g.size - y));
    }
  }
  return out;
}
// An event stream read in the background: its events as {event, data}.
function openStream(id, token) {
  const ctl = new AbortController();
  const events = [];
  const done = (async () => {
    const r = await fetch(`${url}/api/teams/${id}/events` + (token ? `?token=${token}` : ''), { signal: ctl.signal });
    check(r.status === 200, `stream status ${r.status}`);
    const reader = r.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      buf += dec.decode(value, { stream: true });
      let k;
      while ((k = buf.indexOf('\n\n')) >= 0) {
        const chunk = buf.slice(0, k);
        buf = buf.slice(k + 2);
        const ev = chunk.match(/^event: (\w+)\ndata: (.*)$/s);
        if (ev) events.push({ event: ev[1], data: JSON.parse(ev[2]) });
      }
    }
  })().catch(() => { /* aborted, or the server stopped */ });
  return { events, close: () => ctl.abort(), done };
}

const t0 = Date.now();
await startServer();

step = 'create: bad fields';
await expect('POST', '/api/teams', { team: 'red' }, 400, 'bad field');
await expect('POST', '/api/teams', { vote_seconds: 0 }, 400, 'bad field');
await expect('POST', '/api/teams', { vote_seconds: 'ten' }, 400, 'bad field');
await expect('POST', '/api/teams', { show_analysis: 'yes' }, 400, 'bad field');
await expect('POST', '/api/teams', { size: 40 }, 400, 'bad field');
await expect('POST', '/api/teams', '{"size":', 400, 'bad json');
await expect('DELETE', '/api/teams', undefined, 405, 'method');
await expect('GET', '/api/teams/nothere', undefined, 404, 'not found');
await expect('GET', '/api/teams/../etc', undefined, 404);

step = 'create';
const created = await expect('POST', '/api/teams', { size: 9, team: 'black', vote_seconds: 30, playouts: 30 }, 201);
const id = created.id;
check(created.link === `/team/${id}` && created.team === 'black' && created.vote_seconds === 30, 'the team as asked');
check(created.show_analysis === false && created.members.length === 0, 'no analysis for voters, no members');
check((await api('GET', `/team/${id}`)).status === 200, 'the link serves the page');

step = 'join: names';
await expect('POST', `/api/teams/${id}/join`, {}, 400, 'bad name');
await expect('POST', `/api/teams/${id}/join`, { name: '   ' }, 400, 'bad name');
await expect('POST', `/api/teams/${id}/join`, { name: 'x'.repeat(25) }, 400, 'bad name');
await expect('POST', `/api/teams/${id}/join`, { name: 'tab\there' }, 400, 'bad name');
await expect('POST', `/api/teams/${id}/join`, { name: 42 }, 400, 'bad name');
await expect('POST', `/api/teams/${id}/join`, { name: 'Bo', role: 'captain' }, 400, 'bad field');
const tokA = await join_(id, '  Ann  ');
const tokB = await join_(id, '<b>Bo</b> & "Cy"');
const tokC = await join_(id, 'Dé ☃ 二十四');
const tokS = await join_(id, 'Watcher', 'spectator');
await expect('POST', `/api/teams/${id}/join`, { name: 'ANN' }, 409, 'name taken');
await join_(id, 'y'.repeat(24)).then((tok) => expect('POST', `/api/teams/${id}/leave`, { token: tok }, 200));
let t = await team(id, tokB);
check(t.you.name === '<b>Bo</b> & "Cy"' && t.you.role === 'voter', `the name as sent: ${JSON.stringify(t.you)}`);
check(t.members.map((m) => m.name).join('|') === `Ann|<b>Bo</b> & "Cy"|Dé ☃ 二十四|Watcher|${'y'.repeat(24)}`, 'members in order, names trimmed');
await expect('GET', `/api/teams/${id}?token=${'0'.repeat(32)}`, undefined, 403, 'bad token');

step = 'vote: errors';
await voteOpen(id, 1);
await vote(id, 'nope', 'D4', 403, 'bad token');
await vote(id, tokS, 'D4', 403, 'spectator');
await vote(id, tokA, 'Z99', 400, 'bad move');
await expect('POST', `/api/teams/${id}/vote`, { token: tokA }, 400, 'bad field');
await expect('POST', `/api/games/${id}/play`, { move: 'D4' }, 409, 'team game');
await expect('POST', `/api/games/${id}/genmove`, {}, 409, 'team game');

step = 'vote: the stream sees the votes';
const streamA = openStream(id, tokA);
const streamB = openStream(id, tokB); // B stays present: a vote waits for B
const streamS = openStream(id, tokS);
await until('the first events', () => streamA.events.some((e) => e.event === 'team') && streamA.events.some((e) => e.event === 'game'));

step = 'vote: propose, change, majority';
t = await vote(id, tokA, 'd4');
check(t.you.vote === 'D4' && t.vote.proposals.length === 1 && t.vote.proposals[0].by === 'Ann', 'A proposes D4');
await vote(id, tokB, 'C3');
t = await vote(id, tokA, 'C3');
check(t.you.vote === 'C3', 'A changes to C3');
check(JSON.stringify(t.vote.proposals.map((p) => [p.move, p.votes])) === '[["D4",0],["C3",2]]', `votes after the change: ${JSON.stringify(t.vote.proposals)}`);
check(t.vote.votes === 2 && t.status === 'voting', 'still open: C has not voted');
await until('the stream shows two votes', () => streamA.events.some((e) => e.event === 'team' && e.data.vote && e.data.vote.votes === 2));
const last = await vote(id, tokC, 'D4'); // every voter present has voted: the vote closes
let res = await resultOf(id, 0);
// A reply and the stream reach a client in either order: seq orders the team's states.
const closed = await until('the stream shows the result', () => streamA.events.find((e) => e.event === 'team' && e.data.results.length === 1));
check(Number.isInteger(last.seq) && (closed.data.seq > last.seq || last.results.length === 1),
  `the closed vote's seq ${closed.data.seq} after the last vote's ${last.seq}`);
const seqs = streamA.events.filter((e) => e.event === 'team').map((e) => e.data.seq);
check(seqs.every((q, k) => k === 0 || q > seqs[k - 1]), `the stream's team states in order: ${seqs}`);
check(res.move === 'C3' && res.votes === 2 && res.cast === 3 && res.move_number === 1, `majority: ${JSON.stringify(res)}`);
check(JSON.stringify(res.proposals) === JSON.stringify([{ move: 'D4', votes: 1, by: 'Ann' }, { move: 'C3', votes: 2, by: '<b>Bo</b> & "Cy"' }]), `the proposals kept: ${JSON.stringify(res.proposals)}`);
t = await voteOpen(id, 3); // tengen moved
check(t.game.moves[0] === 'C3' && t.game.moves.length === 2, `the game: ${t.game.moves}`);
check(!('last_analysis' in (await team(id, tokA)).game), 'no analysis in the state for a voter');
const spect = await team(id, tokS);
check(spect.game.last_analysis && spect.analysis_visible, 'a spectator sees the analysis');
check(!streamA.events.some((e) => e.event === 'analysis'), 'no analysis events for a voter');
check(streamA.events.some((e) => e.event === 'game' && e.data.moves.length === 2), 'the stream has the game');

step = 'vote: illegal proposals';
await vote(id, tokA, 'C3', 409, 'occupied');
await vote(id, tokA, t.game.moves[1], 409, 'occupied');

step = 'vote: tie after a voter left';
await expect('POST', `/api/teams/${id}/leave`, { token: tokC }, 200);
t = await team(id);
check(t.members[2].present === false && t.voters_present === 2, 'C is away');
let free = await emptyPoints(id);
await vote(id, tokB, free[10]); // proposed first
await vote(id, tokA, free[60]);
res = await resultOf(id, 1);
check(res.move === free[10] && res.votes === 1 && res.cast === 2, `a tie goes to the earliest proposal: ${JSON.stringify(res)}`);

step = 'vote: a voter whose stream closed does not hold it up';
await voteOpen(id, 5);
const streamC = openStream(id, tokC);
await until('C is back', async () => (await team(id)).members[2].present);
streamC.close();
free = await emptyPoints(id);
const closedAt = Date.now();
await vote(id, tokA, free[20]);
await vote(id, tokB, free[20]);
res = await resultOf(id, 2);
const waited = (Date.now() - closedAt) / 1000;
check(res.move === free[20] && waited < 15, `closed after ${waited} s without C (the deadline is 30 s)`);

step = 'restart keeps the open vote and the places';
t = await voteOpen(id, 7);
free = await emptyPoints(id);
await vote(id, tokA, free[30]);
check((await team(id)).status === 'voting', 'the vote waits for B');
const before = await team(id, tokA);
await stopServer();
await startServer();
t = await team(id, tokA);
check(t.you && t.you.name === 'Ann' && t.you.vote === free[30], `A's vote kept: ${JSON.stringify(t.you)}`);
check(t.vote && t.vote.move_number === 7 && t.vote.votes === 1, 'the open vote kept');
check(t.vote.seconds_left <= before.vote.seconds_left && t.vote.seconds_left > 10, `its deadline kept: ${before.vote.seconds_left} then ${t.vote.seconds_left}`);
check((await team(id, tokB)).you.name === '<b>Bo</b> & "Cy"', "B's token still works");
await vote(id, tokB, free[30]);
if (process.env.DEBUG) { await sleep(7000); console.log(JSON.stringify(await team(id))); }
res = await resultOf(id, 3);
check(res.move === free[30] && res.votes === 2, `the vote after the restart: ${JSON.stringify(res)}`);

step = 'the results as SGF comments';
const sgf = (await api('GET', `/api/games/${id}/sgf`)).text;
check(sgf.includes('C[Team vote: C3 with 2 of 3 votes. Also proposed: D4 (1).]'), `the first vote in the SGF: ${sgf.slice(0, 2000)}`);
check(sgf.includes(`C[Team vote: ${free[30]} with 2 of 2 votes.]`), 'the vote after the restart in the SGF');
const saved = readFileSync(join(data, `${id}.sgf`), 'utf8');
check(saved.includes('C[Team vote: C3 with 2 of 3 votes.'), 'the saved game has the comments');

step = 'no vote: the team passes';
const quick = await expect('POST', '/api/teams', { size: 7, team: 'white', vote_seconds: 1.5, playouts: 30, show_analysis: true }, 201);
const tokQ = await join_(quick.id, 'Quinn');
t = await until('tengen opened as black', async () => {
  const s = await team(quick.id, tokQ);
  return s.status === 'voting' && s.vote ? s : null;
});
check(t.game.moves.length === 1 && t.analysis_visible && t.game.last_analysis, 'tengen moved first; analysis shown to voters when allowed');
res = await resultOf(quick.id, 0);
check(res.move === 'pass' && res.cast === 0 && res.votes === 0, `no vote: a pass: ${JSON.stringify(res)}`);
const sgf2 = (await api('GET', `/api/games/${quick.id}/sgf`)).text;
check(sgf2.includes('W[]C[Team vote: no votes, the team passes.]'), `the pass's comment: ${sgf2.slice(-400)}`);

step = 'the list';
const list = (await api('GET', '/api/teams')).json;
check(list.teams.length === 2 && list.teams.some((x) => x.id === id && x.voters === 4), `the list: ${JSON.stringify(list)}`);

await stopServer();
console.log(`web_team_api: ok (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
process.exit(0);

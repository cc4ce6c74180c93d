// web_team.mjs - the browser half of tests/web_team_e2e.sh: 20 people in 20 browser contexts
// (Debian chromium, playwright-core) play one team game against tengen through the page. One
// creates it with the form and shares its link; the others open the link and join (one with a
// name made of HTML, which must show as text); then the votes: a majority (one voter changes
// their mind, some vote on the board, some in the list of proposals, all at once), a tie that
// goes to the earliest proposal (one voter's answer to its vote held back until its page's stream
// has shown the vote closed: the page keeps the newer state), a round after one voter pressed Leave and another closed the
// tab (the vote closes without them, before its time is up), and a round without votes (the
// team passes). A reload keeps a voter's place.
//
// usage: node tests/web_team.mjs URL ARTIFACT_DIR
import { chromium } from 'playwright-core';
import { join as joinPath } from 'node:path';

const [url, artifacts] = process.argv.slice(2);
if (!url || !artifacts) {
  console.error('usage: node tests/web_team.mjs URL ARTIFACT_DIR');
  process.exit(2);
}
const VOTERS = 20;
const VOTE_SECONDS = 600; // rounds close when everyone has voted (joining may take minutes on a busy machine); the pass is on a quick game
const STEP_MS = 60000; // one step's limit: 20 browsers on a busy machine are slow
const HTML_NAME = '<img src=x onerror=a()>';
let stepName = 'start';
const t0 = Date.now();
const step = (name) => {
  stepName = name;
  if (process.env.WEB_E2E_VERBOSE) console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${name}`);
};
function check(cond, msg) {
  if (!cond) throw new Error(`${stepName}: check failed: ${msg}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const pageErrors = [];
const people = [];
async function newPerson() {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  context.setDefaultTimeout(STEP_MS);
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  if (process.env.WEB_E2E_VERBOSE) page.on('console', (m) => console.log(`page ${people.length}: ${m.text()}`));
  const p = { context, page, tid: (id) => page.locator(`[data-testid="${id}"]`) };
  people.push(p);
  return p;
}
const teamState = (p) => p.page.evaluate(() => window.tengenTeam.state.team);
const gameState = (p) => p.page.evaluate(() => window.tengenTeam.state.game);

// Wait until the page of p shows a team state for which f is true.
async function waitTeam(p, what, f) {
  const end = Date.now() + STEP_MS;
  for (;;) {
    const t = await teamState(p);
    if (t && f(t)) return t;
    if (Date.now() >= end) {
      // What the server says, beside what the page shows: a page behind the server, or a vote stuck.
      const server = await p.page.evaluate(async () => {
        const s = window.tengenTeam.state;
        const q = s.token ? `?token=${encodeURIComponent(s.token)}` : '';
        return (await fetch(`/api/teams/${s.id}${q}`)).text();
      }).catch((e) => `(no answer: ${e.message})`);
      check(false, `waited for ${what}: the page shows ${JSON.stringify(t).slice(0, 600)}; the server says ${server.slice(0, 600)}`);
    }
    await p.page.waitForTimeout(100);
  }
}
const voteOpen = (p, n) => waitTeam(p, `the vote for move ${n}`, (t) => t.status === 'voting' && t.vote && t.vote.move_number === n && t.vote.votes === 0);

// A vote through the page: on the board, or with the proposal's button in the list.
// The page shows the vote, or the vote has already closed (this vote may have been the last).
async function voted(p, v, n) {
  await waitTeam(p, `my vote ${v}`, (t) => (t.vote && t.vote.move_number === n ? t.you.vote === v : true));
}
const openNumber = async (p) => (await waitTeam(p, 'an open vote', (t) => t.status === 'voting' && t.vote)).vote.move_number;
async function voteBoard(p, v) {
  const n = await openNumber(p);
  await p.page.locator(`#board [data-vertex="${v}"]`).click();
  await voted(p, v, n);
}
async function voteList(p, v) {
  const n = await openNumber(p);
  await p.page.locator(`#proposals button[data-move="${v}"]`).click();
  await voted(p, v, n);
}
async function emptyPoints(p) {
  const g = await gameState(p);
  const letters = 'ABCDEFGHJKLMNOPQRST';
  const out = [];
  for (let y = 0; y < g.size; y++) for (let x = 0; x < g.size; x++) if (g.board[y][x] === '.') out.push(letters[x] + (g.size - y));
  return out;
}

try {
  // Every browser context first: on a busy machine each takes seconds to make.
  step('twenty browsers');
  for (let i = 0; i < VOTERS; i++) await newPerson();
  const v = people;
  const host = v[0];

  step('create a team game with the form');
  const create = async (seconds) => {
    await host.page.goto(url + 'team');
    await host.page.locator('#c-size').selectOption('9');
    await host.page.locator('#c-seconds').fill(String(seconds));
    await host.page.locator('#c-playouts').fill('50');
    await host.page.locator('#create-form button[type="submit"]').click();
    await host.page.waitForURL(/\/team\/[A-Za-z0-9_-]+$/);
    return host.page.url();
  };
  const link = await create(VOTE_SECONDS);

  step('everyone joins from the link');
  const join = async (p, name, where = link) => {
    if (p.page.url() !== where) await p.page.goto(where);
    await p.tid('join-name').fill(name);
    await p.tid('join-button').click();
    await waitTeam(p, 'joined', (t) => t.you && t.you.role === 'voter');
  };
  // Five at a time: twenty pages loading at once starve a small machine.
  for (let k = 0; k < VOTERS; k += 5) {
    await Promise.all(v.slice(k, k + 5).map((p, i) => join(p, k + i === 5 ? HTML_NAME : `Voter ${k + i + 1}`)));
  }
  await waitTeam(host, 'every voter', (t) => t.members.length === VOTERS && t.voters_present === VOTERS);

  step('a name made of HTML is shown as text');
  const members = v[0].tid('members');
  await members.getByText(HTML_NAME, { exact: false }).waitFor();
  check((await members.locator('img').count()) === 0, 'no element made from a name');
  check(await v[0].page.evaluate(() => !window.a), 'nothing ran');

  step('a reload keeps the place');
  await v[1].page.reload();
  await waitTeam(v[1], 'still joined after a reload', (t) => t.you && t.you.name === 'Voter 2');

  step('majority: 12 for C3, 8 for D4, one voter changes their mind');
  await voteOpen(v[0], 1);
  await voteBoard(v[0], 'D4'); // proposes D4
  await voteBoard(v[1], 'C3'); // proposes C3
  await waitTeam(v[12], 'both proposals', (t) => t.vote.proposals.length === 2);
  await Promise.all([
    ...v.slice(2, 12).map((p, i) => (i % 2 ? voteBoard(p, 'C3') : voteList(p, 'C3'))),
    ...v.slice(12, 19).map((p) => voteList(p, 'D4')),
  ]);
  await voteList(v[0], 'C3'); // changes: 11 for C3 and 8 for D4 so far, v[19] has not voted
  // The change shows on another voter's page: 7 for D4, 12 for C3, and the vote still open.
  let t = await waitTeam(v[19], 'the votes so far: D4 7, C3 12',
    (s) => s.vote && JSON.stringify(s.vote.proposals.map((p) => [p.move, p.votes])) === '[["D4",7],["C3",12]]');
  check(t.status === 'voting' && t.vote.votes === 19, `open with 19 votes: ${JSON.stringify(t.vote)}`);
  await voteList(v[19], 'D4'); // the last voter: the vote closes
  t = await waitTeam(v[5], 'the first result', (s) => s.results.length === 1);
  check(t.results[0].move === 'C3' && t.results[0].votes === 12 && t.results[0].cast === 20, `majority: ${JSON.stringify(t.results[0])}`);
  await v[5].tid('results').getByText('Move 1: C3 with 12 of 20 votes; also D4 (8)').waitFor();
  await v[0].page.screenshot({ path: joinPath(artifacts, 'team-majority.png') });

  step('tie: 10 and 10, the earlier proposal wins');
  await voteOpen(v[0], 3);
  const free = await emptyPoints(v[0]);
  const [first, second] = [free[12], free[50]];
  await voteBoard(v[3], first);
  await waitTeam(v[10], 'the first proposal', (s) => s.vote.proposals.length === 1);
  await voteBoard(v[10], second);
  // The answer to v[7]'s vote reaches its page only after the page's stream has shown the vote
  // closed: the page must keep the newer state (an older answer shown over it stays there).
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  await v[7].page.route('**/api/teams/*/vote', async (route) => {
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  }, { times: 1 });
  await Promise.all(v.map((p, i) => (i === 3 || i === 10 ? null : i < 10 ? voteList(p, first) : voteList(p, second))));
  t = await waitTeam(v[7], 'the tie result', (s) => s.results.length === 2);
  check(t.results[1].move === first && t.results[1].votes === 10 && t.results[1].cast === 20, `tie: ${JSON.stringify(t.results[1])}`);
  check((await gameState(v[7])).moves[2] === first, 'the move played');
  const answered = v[7].page.waitForEvent('requestfinished', (r) => r.url().endsWith('/vote'));
  release();
  await answered;
  await v[7].page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  t = await teamState(v[7]);
  check(t.results.length === 2, `the answer to a vote shown over a newer state: ${JSON.stringify(t.vote)}`);
  await v[7].page.unroute('**/api/teams/*/vote');

  step('one voter leaves, another closes the tab: the vote does not wait for them');
  await voteOpen(v[0], 5);
  await v[19].tid('leave').click();
  await v[19].tid('join-name').waitFor();
  await v[18].context.close();
  const free5 = await emptyPoints(v[0]);
  const opened = Date.now();
  await Promise.all(v.slice(0, 18).map((p) => voteBoard(p, free5[30])));
  t = await waitTeam(v[0], 'the third result', (s) => s.results.length === 3);
  const waited = (Date.now() - opened) / 1000;
  check(t.results[2].cast === 18 && t.results[2].move === free5[30], `18 votes: ${JSON.stringify(t.results[2])}`);
  check(waited < 60, `closed after ${waited.toFixed(1)} s, long before its time (${VOTE_SECONDS} s)`);
  const left = t.members.find((m) => m.name === 'Voter 20');
  check(left && !left.present, 'the voter who left is shown away');

  step('no vote: the team passes (a quick game)');
  const quick = await create(2);
  await join(host, 'Quick', quick);
  t = await waitTeam(host, 'the pass', (s) => s.results.length === 1);
  check(t.results[0].move === 'pass' && t.results[0].cast === 0, `no votes: ${JSON.stringify(t.results[0])}`);
  await host.tid('results').getByText('Move 1: pass (no votes)').waitFor();
  await host.page.screenshot({ path: joinPath(artifacts, 'team-pass.png') });
  check(pageErrors.length === 0, `errors on the pages: ${pageErrors.join('; ')}`);
  console.log(`web_team: ok (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
} catch (e) {
  console.error(e.message);
  if (people[0]) await people[0].page.screenshot({ path: joinPath(artifacts, 'team-failure.png') }).catch(() => {});
  await browser.close();
  process.exit(1);
}
await browser.close();

// sabaki_gtp.mjs - a real GTP client, @sabaki/gtp's Controller (the library Sabaki uses), drives
// `tengen gtp` and checks the parsed answers: plain commands, genmove, the streaming analysis
// commands (lz-analyze, kata-analyze with ownership) interrupted by the next command as Sabaki
// does it, the genmove_analyze variants, place_free_handicap and the gogui views.
//
// usage: node tests/sabaki_gtp.mjs path/to/tengen     (tests/sabaki_gtp.sh installs the package)
import assert from 'node:assert/strict'
import gtp from '@sabaki/gtp'

const {Controller} = gtp
const tengen = process.argv[2]
if (!tengen) {
  console.error('usage: node tests/sabaki_gtp.mjs path/to/tengen')
  process.exit(2)
}

const SIZE = 9
const VERTEX = /^(pass|[A-HJ-T](1[0-9]|2[0-5]|[1-9]))$/
const sleep = ms => new Promise(resolve => setTimeout(resolve, ms))
let checks = 0

function check(condition, message) {
  assert.ok(condition, message)
  checks++
}

// Send a command and expect success; returns the content.
async function ok(engine, name, ...args) {
  const response = await engine.sendCommand({name, args})
  assert.equal(response.error, false, `${name} ${args.join(' ')}: ${response.content}`)
  checks++
  return response.content
}

// An info line of lz-analyze / kata-analyze: "info move D4 visits 3 ... pv D4 E5 info move ...",
// with an optional "ownership f f f ..." at the end. Returns {moves: [{key: value}], ownership}.
function parseInfoLine(line) {
  const words = line.trim().split(/\s+/)
  const moves = []
  let ownership = null
  let current = null
  for (let i = 0; i < words.length; ) {
    const word = words[i]
    if (word === 'info') {
      current = {}
      moves.push(current)
      i++
    } else if (word === 'ownership') {
      ownership = words.slice(i + 1).map(Number)
      break
    } else if (word === 'pv') {
      const pv = []
      i++
      const stop = ['info', 'ownership', 'pvVisits']
      while (i < words.length && !stop.includes(words[i])) pv.push(words[i++])
      current.pv = pv
    } else if (word === 'pvVisits') {
      const visits = []
      i++
      while (i < words.length && words[i] !== 'info' && words[i] !== 'ownership') visits.push(words[i++])
      current.pvVisits = visits
    } else {
      assert.ok(current, `info line starts with ${word}`)
      current[word] = words[i + 1]
      i += 2
    }
  }
  return {moves, ownership}
}

function checkMoves(moves, format) {
  check(moves.length > 0, 'an info line lists moves')
  moves.forEach((m, order) => {
    check(VERTEX.test(m.move), `move ${m.move}`)
    check(/^\d+$/.test(m.visits), `visits ${m.visits}`)
    check(Number(m.order) === order, `order ${m.order} at ${order}`)
    check(Array.isArray(m.pv) && m.pv.length >= 1 && m.pv[0] === m.move, `pv starts with ${m.move}`)
    check(m.pv.every(v => VERTEX.test(v)), `pv vertices ${m.pv}`)
    for (const key of ['winrate', 'prior', 'lcb']) {
      const v = Number(m[key])
      if (format === 'lz') check(/^\d+$/.test(m[key]) && v >= 0 && v <= 10000, `lz ${key} ${m[key]}`)
      else check(Number.isFinite(v) && v >= 0 && v <= 1, `kata ${key} ${m[key]}`)
    }
    if (format === 'kata') {
      check(Number.isFinite(Number(m.scoreLead)), `scoreLead ${m.scoreLead}`)
      check(Number.isFinite(Number(m.scoreMean)), `scoreMean ${m.scoreMean}`)
      check(Number(m.scoreStdev) >= 0, `scoreStdev ${m.scoreStdev}`)
    }
    if (m.pvVisits) {
      // One count per pv move, the first the move's own visits, never growing along the line.
      check(m.pvVisits.length === m.pv.length, `pvVisits ${m.pvVisits} for pv ${m.pv}`)
      check(Number(m.pvVisits[0]) === Number(m.visits), `pvVisits starts with ${m.visits}`)
      for (let i = 1; i < m.pvVisits.length; i++)
        check(Number(m.pvVisits[i]) <= Number(m.pvVisits[i - 1]), `pvVisits ${m.pvVisits} falls`)
    }
  })
  for (let i = 1; i < moves.length; i++)
    check(Number(moves[i - 1].visits) >= Number(moves[i].visits), 'most visited first')
}

// Start an analysis, let it run, interrupt it with `name` as Sabaki does (the next command), and
// return the info lines received while it ran.
async function analyze(engine, name, args, ms) {
  const lines = []
  const analysis = engine.sendCommand({name, args}, ({line}) => {
    if (line.startsWith('info')) lines.push(line)
  })
  await sleep(ms)
  // A loaded machine or a sanitizer build may need longer for the first report (every 1,000
  // playouts): wait for one line, up to 20 s more, before interrupting.
  for (let waited = 0; lines.length === 0 && waited < 20000; waited += 100) await sleep(100)
  const interrupt = engine.sendCommand({name: 'name'})
  const [response, nameResponse] = await Promise.all([analysis, interrupt])
  assert.equal(response.error, false, `${name}: ${response.content}`)
  assert.equal(nameResponse.content, 'tengen', 'the interrupting command is answered')
  checks += 2
  return lines
}

async function main() {
  const engine = new Controller(tengen, ['gtp', '--playouts', '200', '--seed', '7'])
  let stderr = ''
  engine.on('stderr', ({content}) => (stderr += content + '\n'))
  engine.start()
  try {
    check((await ok(engine, 'name')) === 'tengen', 'name')
    check((await ok(engine, 'protocol_version')) === '2', 'protocol_version')
    const commands = (await ok(engine, 'list_commands')).split('\n')
    for (const c of ['lz-analyze', 'kata-analyze', 'lz-genmove_analyze', 'kata-genmove_analyze',
      'place_free_handicap', 'kgs-time_settings', 'gogui-analyze_commands'])
      check(commands.includes(c), `list_commands has ${c}`)

    await ok(engine, 'boardsize', SIZE)
    await ok(engine, 'clear_board')
    await ok(engine, 'komi', 7)
    await ok(engine, 'play', 'B', 'E5')
    const illegal = await engine.sendCommand({name: 'play', args: ['W', 'E5']})
    check(illegal.error && illegal.content === 'illegal move', 'occupied point is refused')
    const move = await ok(engine, 'genmove', 'W')
    check(VERTEX.test(move) || move === 'resign', `genmove answers a vertex: ${move}`)

    // lz-analyze for a second, every 10 centiseconds, interrupted by the next command.
    const lz = await analyze(engine, 'lz-analyze', ['B', '10'], 1000)
    // Reports come every 1,000 playouts: a sanitizer build may manage only one line a second.
    check(lz.length >= 1, `lz-analyze streamed ${lz.length} info lines`)
    for (const line of lz) {
      const {moves, ownership} = parseInfoLine(line)
      checkMoves(moves, 'lz')
      check(ownership === null, 'no ownership in lz-analyze')
    }

    // kata-analyze with ownership: SIZE*SIZE floats in [-1, 1] after the moves.
    const kata = await analyze(engine, 'kata-analyze',
                               ['W', '10', 'ownership', 'true', 'pvVisits', 'true'], 1000)
    check(kata.length >= 1, `kata-analyze streamed ${kata.length} info lines`)
    for (const line of kata) {
      const {moves, ownership} = parseInfoLine(line)
      checkMoves(moves, 'kata')
      check(moves.every(m => Array.isArray(m.pvVisits)), 'pvVisits true lists pvVisits')
      check(ownership && ownership.length === SIZE * SIZE, `ownership has ${SIZE * SIZE} values`)
      check(ownership.every(v => Number.isFinite(v) && v >= -1 && v <= 1), 'ownership in [-1, 1]')
    }

    // maxmoves caps the moves of a line.
    const capped = await analyze(engine, 'kata-analyze', ['B', 'interval', '10', 'maxmoves', '2'], 500)
    for (const line of capped) check(parseInfoLine(line).moves.length <= 2, 'maxmoves 2')

    // Bad analysis arguments are an ordinary error.
    const bad = await engine.sendCommand({name: 'lz-analyze', args: ['B', '10', 'bogus']})
    check(bad.error, 'lz-analyze with a dangling key is an error')

    // genmove_analyze: info lines then "play MOVE", synchronous.
    for (const [name, color] of [['lz-genmove_analyze', 'B'], ['kata-genmove_analyze', 'W']]) {
      const lines = []
      const response = await engine.sendCommand({name, args: [color, '1']}, ({line}) => {
        if (line.startsWith('info')) lines.push(line)
      })
      check(!response.error, `${name} succeeds`)
      const last = response.content.trim().split('\n').pop()
      check(/^play (pass|resign|[A-HJ-T]\d+)$/.test(last), `${name} ends with play: ${last}`)
      check(lines.length >= 1, `${name} wrote info lines`)
      for (const line of lines) checkMoves(parseInfoLine(line).moves, name.startsWith('lz') ? 'lz' : 'kata')
    }

    // The game goes on normally after the analyses.
    const score = await ok(engine, 'final_score')
    check(/^(0|[BW]\+\d+(\.\d+)?)$/.test(score), `final_score ${score}`)

    // place_free_handicap on an empty board; then the board is not empty any more.
    await ok(engine, 'clear_board')
    const stones = (await ok(engine, 'place_free_handicap', 4)).split(/\s+/)
    check(stones.length === 4 && stones.every(v => VERTEX.test(v)), `handicap ${stones}`)
    const again = await engine.sendCommand({name: 'place_free_handicap', args: ['2']})
    check(again.error && again.content === 'board not empty', 'second handicap refused')

    // Clocks.
    await ok(engine, 'kgs-time_settings', 'byoyomi', 60, 5, 3)
    await ok(engine, 'time_left', 'W', 50, 0)
    check(VERTEX.test(await ok(engine, 'genmove', 'W')), 'genmove under byo-yomi')
    await ok(engine, 'kgs-time_settings', 'none')

    // gogui views.
    const views = (await ok(engine, 'gogui-analyze_commands')).split('\n')
    check(views.length >= 2 && views.every(v => v.split('/').length >= 3), 'gogui-analyze_commands')
    const board = (await ok(engine, 'tengen-ownership')).split('\n')
    check(board.length === SIZE && board.every(r => r.trim().split(/\s+/).length === SIZE), 'dboard')

    await ok(engine, 'kgs-game_over')
  } catch (err) {
    console.error(stderr)
    throw err
  } finally {
    // stop() sends quit and waits for the process to end (it kills it after 3 s).
    await engine.stop()
  }
  console.log(`sabaki_gtp: ${checks} checks passed`)
}

const timer = setTimeout(() => {
  console.error('sabaki_gtp: timed out')
  process.exit(1)
}, 120000)
main().then(
  () => clearTimeout(timer),
  err => {
    console.error(err)
    process.exit(1)
  }
)

// clock.js - the game clocks on the page: the state's `clock` (docs/web.md, "Clocks") ticked
// locally between the server's events, as the server counts them (src/http/http_clock.c:
// web_clock_view), and their text. Pure functions: app.js draws them.

// One colour's clock `side` (as the state gave it) `elapsed` seconds later, while it runs:
// { main, periods, period, stones, left, overtime }. Main time first, then byo-yomi periods
// (a period used up costs one) or the Canadian period; all zero once the time has run out.
export function clockView(clock, side, elapsed) {
  const v = { main: side.main, periods: side.periods || 0, period: side.period || 0, stones: side.stones || 0 };
  let e = Math.max(0, elapsed);
  if (e >= side.left) return { main: 0, periods: 0, period: 0, stones: v.stones, left: 0, overtime: clock.type === 'byoyomi' || clock.type === 'canadian' };
  if (e < v.main) {
    v.main -= e;
  } else {
    e -= v.main;
    v.main = 0;
    if (clock.type === 'byoyomi') {
      if (e >= v.period) {
        e -= v.period;
        v.periods -= 1;
        const used = Math.floor(e / clock.period);
        v.periods -= used;
        e -= used * clock.period;
        v.period = clock.period;
      }
      v.period -= e;
    } else {
      v.period -= e;
    }
  }
  v.left = side.left - Math.max(0, elapsed);
  v.overtime = v.main <= 0 && (clock.type === 'byoyomi' || clock.type === 'canadian');
  return v;
}

// Seconds as a clock shows them: "1:02:03", "4:05", and tenths in the last ten seconds ("7.3").
export function formatSeconds(s) {
  s = Math.max(0, s);
  if (s < 10) return (Math.floor(s * 10) / 10).toFixed(1);
  const t = Math.floor(s);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

// A time control in words: "10 min + 5 × 30 s byo-yomi".
export function clockLabel(clock) {
  if (!clock) return 'no clock';
  const main = clock.main >= 60 && clock.main % 60 === 0 ? `${clock.main / 60} min` : `${clock.main} s`;
  switch (clock.type) {
    case 'byoyomi': return `${clock.main ? main + ' + ' : ''}${clock.periods} × ${clock.period} s byo-yomi`;
    case 'canadian': return `${clock.main ? main + ' + ' : ''}${clock.stones} moves in ${formatSeconds(clock.period)} Canadian`;
    case 'fischer': return `${main} + ${clock.increment} s a move (Fischer)`;
    default: return `${main} (absolute)`;
  }
}

// What one clock shows: { time, extra, low, overtime, words } (words: for screen readers).
// low: the last ten seconds of the time in hand, or byo-yomi (the page draws it red).
export function clockFace(clock, v) {
  let time = formatSeconds(v.overtime ? v.period : v.main);
  let extra = '';
  let words;
  if (clock.type === 'byoyomi') {
    if (v.overtime) {
      extra = `byo-yomi ×${v.periods}`;
      words = `${Math.ceil(v.period)} seconds of byo-yomi, ${v.periods} period${v.periods === 1 ? '' : 's'} left`;
    } else {
      extra = `+ ${clock.periods}×${clock.period} s`;
    }
  } else if (clock.type === 'canadian') {
    if (v.overtime) {
      extra = `${v.stones} move${v.stones === 1 ? '' : 's'}`;
      words = `${Math.ceil(v.period)} seconds for ${v.stones} move${v.stones === 1 ? '' : 's'}`;
    } else {
      extra = `+ ${clock.stones}/${formatSeconds(clock.period)}`;
    }
  } else if (clock.type === 'fischer') {
    extra = `+${clock.increment} s`;
  }
  if (v.left <= 0) {
    time = '0.0';
    extra = 'time out';
    words = 'time is up';
  }
  if (!words) words = `${Math.ceil(v.main)} seconds left`;
  // Red: byo-yomi, and the last ten seconds before a loss on time (main time without overtime
  // after it, a Canadian period).
  const inHand = v.overtime ? v.period : v.main;
  let low = v.left <= 0;
  if (clock.type === 'byoyomi') low = low || v.overtime;
  else if (clock.type === 'canadian') low = low || (v.overtime && inHand < 10);
  else low = low || inHand < 10;
  return { time, extra, low, overtime: !!v.overtime, words };
}

// The presets of the New game dialog: the API's `clock` objects.
export const CLOCK_PRESETS = {
  none: null,
  'blitz-fischer': { type: 'fischer', main: 180, increment: 2 },
  'byoyomi-5': { type: 'byoyomi', main: 300, periods: 3, period: 30 },
  'byoyomi-10': { type: 'byoyomi', main: 600, periods: 5, period: 30 },
  'absolute-15': { type: 'absolute', main: 900 },
  'canadian-10': { type: 'canadian', main: 600, stones: 25, period: 300 },
};

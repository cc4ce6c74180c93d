// sound.js - the sounds of the game, made with the Web Audio API (no sound files to load): a
// stone put on the board, the rattle of stones taken off after it, and the tick of the player's
// clock in its last seconds. Browsers start audio only after the player has touched the page, so
// nothing sounds before the first click or key.

let context = null;

function audio() {
  if (!context) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    context = new Ctx();
  }
  if (context.state === 'suspended') context.resume().catch(() => {});
  return context;
}

// A short burst of noise through a band-pass filter, fading fast: a stone's click on wood.
function click(ctx, at, { freq, gain, length }) {
  const frames = Math.ceil(ctx.sampleRate * length);
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / frames, 4);
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = freq;
  filter.Q.value = 1.2;
  const level = ctx.createGain();
  level.gain.value = gain;
  source.connect(filter).connect(level).connect(ctx.destination);
  source.start(at);
}

// A stone is played; `captured` stones were taken off by it.
export function playStoneSound(captured = 0) {
  const ctx = audio();
  if (!ctx) return;
  const now = ctx.currentTime;
  click(ctx, now, { freq: 1900, gain: 0.9, length: 0.07 });
  // Taken stones: a few softer clicks after the move, more for a larger capture (at most five).
  for (let i = 0; i < Math.min(5, captured); i++) {
    click(ctx, now + 0.12 + 0.06 * i, { freq: 2600, gain: 0.35, length: 0.05 });
  }
}

// One second of the player's last seconds on the clock: a short high tick, softer than a stone.
export function playTickSound() {
  const ctx = audio();
  if (!ctx) return;
  click(ctx, ctx.currentTime, { freq: 3800, gain: 0.25, length: 0.03 });
}

// Writes public/sounds/notification.wav: the chat and notification chime (SPEC §7 "A notification
// sound file is loaded from the site's /sounds path"). A ~0.35 s two-tone "ding-dong" (B5 then G5,
// each with a soft octave overtone and an exponential decay), 16-bit mono PCM at 22,050 Hz.
// Run from apps/web: `node scripts/notification-sound.mjs`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RATE = 22_050;
const DURATION_S = 0.35;
const NOTES = [
  { freq: 987.77, start: 0, length: 0.2 },
  { freq: 783.99, start: 0.11, length: 0.24 },
];
const PEAK = 0.32;

const samples = Math.round(RATE * DURATION_S);
const pcm = new Int16Array(samples);
for (let i = 0; i < samples; i++) {
  const t = i / RATE;
  let value = 0;
  for (const note of NOTES) {
    const local = t - note.start;
    if (local < 0 || local > note.length) continue;
    const attack = Math.min(1, local / 0.006);
    const decay = Math.exp((-5 * local) / note.length);
    // Fade the last 15 ms to zero so no note ends with a click.
    const tail = Math.min(1, (note.length - local) / 0.015);
    const tone = Math.sin(2 * Math.PI * note.freq * local) + 0.25 * Math.sin(4 * Math.PI * note.freq * local);
    value += (tone / 1.25) * attack * decay * tail;
  }
  pcm[i] = Math.round(Math.max(-1, Math.min(1, value * PEAK)) * 32_767);
}

const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + pcm.byteLength, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16); // fmt chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28); // byte rate
header.writeUInt16LE(2, 32); // block align
header.writeUInt16LE(16, 34); // bits per sample
header.write('data', 36);
header.writeUInt32LE(pcm.byteLength, 40);

const out = fileURLToPath(new URL('../public/sounds/notification.wav', import.meta.url));
writeFileSync(out, Buffer.concat([header, Buffer.from(pcm.buffer)]));
console.log(`wrote ${out} (${44 + pcm.byteLength} bytes)`);

// Target 2: pre-flight of the largest valid channel message (10 embeds × 25 fields, every
// text at its limit) costs ≤ 2 × JSON.stringify of the same payload. The pre-flight is the
// check generated from the schema (what `postChannelMessage` runs, from the built package);
// the zod schema of `opslink/schemas` is timed beside it, for scale.
import { CHAT_PLATFORM_EMBED_LIMITS as C, MESSAGING_LIMITS as L } from 'opslink';
import { channelMessageSchema } from 'opslink/schemas';
import { checkChannelMessage } from '../dist/browser/messaging/channel-checks.generated.js';
import { fmt, interleave, median, report } from './lib.mjs';

// Mixed text: ASCII, accents and emoji, so code-point counting has real work to do.
const text = (n) => Array.from({ length: n }, (_, i) => (i % 10 === 9 ? '😀' : i % 3 ? 'a' : 'é')).join('');
const url = 'https://example.com/a/very/long/path/for/an/image.png';
const embed = {
  title: text(L.embedTitle.max),
  description: text(L.embedDescription.max),
  url,
  color: L.embedColor.max,
  timestamp: '2026-11-22T10:00:00.000Z',
  author: { name: text(C.authorName.max), url, icon_url: url },
  footer: { text: text(C.footerText.max), icon_url: url },
  image: { url },
  thumbnail: { url },
  fields: Array.from({ length: L.fieldsPerEmbed.max }, (_, i) => ({
    name: text(C.fieldName.max),
    value: text(C.fieldValue.max),
    inline: i % 2 === 0,
  })),
};
const message = {
  content: text(L.channelContent.max),
  username: text(L.channelUsername.max),
  avatar_url: url,
  embeds: Array.from({ length: L.embedsPerMessage.max }, () => structuredClone(embed)),
};
if (!channelMessageSchema.safeParse(message).success || !checkChannelMessage(message).ok)
  throw new Error('the benchmark payload must be valid');

const ITERATIONS = 200;
const timed = (fn) => () => {
  const started = performance.now();
  for (let i = 0; i < ITERATIONS; i++) fn();
  return ((performance.now() - started) * 1000) / ITERATIONS;
};
let sink = 0;
const variants = {
  'JSON.stringify': timed(() => {
    sink += JSON.stringify(message).length;
  }),
  'opslink pre-flight': timed(() => {
    sink += checkChannelMessage(message).ok ? 1 : 0;
  }),
  'zod schema (opslink/schemas)': timed(() => {
    sink += channelMessageSchema.safeParse(message).success ? 1 : 0;
  }),
};
await interleave(3, variants);
const rounds = await interleave(25, variants);
const us = Object.fromEntries(Object.entries(rounds).map(([k, v]) => [k, median(v)]));
const ratio = us['opslink pre-flight'] / us['JSON.stringify'];
report({
  name: 'Pre-flight of the largest valid channel message',
  rows: [
    ['payload', `${(JSON.stringify(message).length / 1024).toFixed(0)} KB of JSON, 10 embeds × 25 fields`],
    ['JSON.stringify', `${fmt(us['JSON.stringify'])} µs`],
    ['opslink pre-flight (the generated check)', `${fmt(us['opslink pre-flight'])} µs`],
    ['the zod schema, for scale', `${fmt(us['zod schema (opslink/schemas)'])} µs`],
    ['pre-flight / stringify', `${fmt(ratio, 2)} (target ≤ 2)`],
  ],
  targets: [{ target: 'pre-flight ≤ 2 × JSON.stringify', value: ratio, met: ratio <= 2 }],
  detail: { medianMicroseconds: us, sink },
});

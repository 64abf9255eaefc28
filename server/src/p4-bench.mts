import { EmailRenderer } from "./services/emails/rendering/renderer";
import { BUILT_IN_TEMPLATES, LIGHT_THEME_SOURCE, BUILT_IN_TEMPLATE_IDS as I } from "./services/emails/rendering/defaults";
const r = new EmailRenderer();
const src = BUILT_IN_TEMPLATES[I.magicLink]!.tsxSource;
const t0 = performance.now();
await r.render({ themeSource: LIGHT_THEME_SOURCE, templateSource: src, variables: { magicLink: "http://x/?code=1", otp: "ABC123" }, project: { displayName: "P" } });
console.log("first (spawn + bundle):", Math.round(performance.now() - t0), "ms");
const times: number[] = [];
for (let i = 0; i < 40; i++) {
  const t = performance.now();
  await r.render({ themeSource: LIGHT_THEME_SOURCE, templateSource: src, variables: { magicLink: `http://x/?code=${i}`, otp: "ABC123" }, project: { displayName: "P" } });
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log("sequential p50", times[20]!.toFixed(1), "p95", times[37]!.toFixed(1), "ms");
// Event-loop lag while 20 renders run at once
let maxLag = 0; let last = performance.now();
const iv = setInterval(() => { const now = performance.now(); maxLag = Math.max(maxLag, now - last - 5); last = now; }, 5);
const t1 = performance.now();
await Promise.all(Array.from({ length: 20 }, (_, i) => r.render({ themeSource: LIGHT_THEME_SOURCE, templateSource: src, variables: { magicLink: `http://x/?code=${i}`, otp: "ABC123" }, project: { displayName: "P" } })));
clearInterval(iv);
console.log("20 concurrent:", Math.round(performance.now() - t1), "ms; max event-loop lag", maxLag.toFixed(1), "ms");
await r.close();

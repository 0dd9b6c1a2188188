// The installed app's icons (docs/notifications.md "Installable app"), drawn from the site's
// mark (public/favicon.svg's speech bubble) into public/icons/: "any" icons with the mark's own
// rounded square, and maskable ones whose bubble sits inside the safe zone (the middle 80%) of a
// full-bleed square, so a launcher's circle or squircle never cuts it. Run after changing the mark:
//   node --import tsx scripts/generate-icons.ts
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const OUT = path.resolve("public/icons");

const bubble = `<path d="M18 22h28a4 4 0 0 1 4 4v14a4 4 0 0 1-4 4H30l-8 7v-7h-4a4 4 0 0 1-4-4V26a4 4 0 0 1 4-4z" fill="#fff"/><circle cx="25" cy="33" r="3" fill="#000"/><circle cx="32" cy="33" r="3" fill="#000"/><circle cx="39" cy="33" r="3" fill="#000"/>`;

/** The mark as it is: a rounded black square with the bubble. */
const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#000"/>${bubble}</svg>`;

/** Full bleed, the bubble centred and scaled to 95%: every corner of it inside the safe zone (a circle of 40% of the size about the middle). */
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#000"/><g transform="translate(32 32) scale(0.95) translate(-32 -36.5)">${bubble}</g></svg>`;

mkdirSync(OUT, { recursive: true });
for (const size of [192, 512]) {
  for (const [name, svg] of [
    [`icon-${size}.png`, anyIcon],
    [`maskable-${size}.png`, maskableIcon],
  ] as const) {
    await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(path.join(OUT, name));
  }
}
await sharp(Buffer.from(anyIcon), { density: (72 * 180) / 64 })
  .flatten({ background: "#000" })
  .resize(180, 180)
  .png({ compressionLevel: 9 })
  .toFile(path.join(OUT, "apple-touch-icon.png"));
console.log(`icons written to ${OUT}`);

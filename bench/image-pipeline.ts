// Times processImage on a 12-megapixel phone-sized JPEG (4000×3000, smooth shapes plus sensor-like
// noise, quality 90) and reports median/max wall time and the process's peak RSS.
// Run: node --import tsx bench/image-pipeline.ts [runs]
import { performance } from "node:perf_hooks";
import sharp from "sharp";
import { processImage } from "../src/server/infra/images";

const WIDTH = 4000;
const HEIGHT = 3000;
const runs = Number(process.argv[2] ?? 10);

function photoLikePixels(): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const at = (y * WIDTH + x) * 3;
      const grain = (random() - 0.5) * 24;
      pixels[at] = 120 + 90 * Math.sin(x / 410) * Math.cos(y / 290) + grain;
      pixels[at + 1] = 110 + 70 * Math.cos((x + y) / 530) + grain;
      pixels[at + 2] = 100 + 80 * Math.sin(y / 170 + x / 900) + grain;
    }
  }
  return pixels;
}

const input = await sharp(photoLikePixels(), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
  .jpeg({ quality: 90 })
  .toBuffer();

await processImage(input, "post"); // warm-up: loads libvips and the JPEG code paths
const rssBefore = process.memoryUsage().rss;
const cpuBefore = process.cpuUsage();
const times: number[] = [];
let output = { main: 0, thumb: 0 };
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  const { main, thumb } = await processImage(input, "post");
  times.push(performance.now() - started);
  output = { main: main.bytes.length, thumb: thumb.bytes.length };
}
const cpu = process.cpuUsage(cpuBefore);
times.sort((a, b) => a - b);
const median =
  times.length % 2
    ? (times[(times.length - 1) / 2] ?? 0)
    : ((times[times.length / 2 - 1] ?? 0) + (times[times.length / 2] ?? 0)) / 2;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

console.log(`processImage(post) on a ${WIDTH}×${HEIGHT} JPEG of ${kb(input.length)}, ${runs} runs`);
console.log(`  median ${median.toFixed(0)} ms, max ${(times.at(-1) ?? 0).toFixed(0)} ms`);
console.log(`  output: main 2048×1536 ${kb(output.main)}, thumb ${kb(output.thumb)}`);
console.log(
  `  CPU time per run ${((cpu.user + cpu.system) / 1000 / runs).toFixed(0)} ms (all threads)`,
);
console.log(
  `  RSS before the runs ${(rssBefore / 1024 / 1024).toFixed(0)} MB, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (fixture included)`,
);

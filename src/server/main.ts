// The process's entry: keeps process.nextTick on V8's fast path (infra/tick-shape.ts), which must
// run before any other module is loaded, refuses a Node.js older than the server needs
// (infra/node-version.ts), then starts the server (serve.ts).
import "./infra/tick-shape";
import { nodeVersionRefusal } from "./infra/node-version";

const refusal = nodeVersionRefusal(process.version);
if (refusal) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
await import("./serve");

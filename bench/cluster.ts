// Starts a cluster (bench/lib/cluster.ts): INSTANCES compiled app instances on PostgreSQL, Redis
// and s3rver behind nginx, checks it through nginx (a sign-up, a WebSocket, a follow seen live,
// every instance answering), prints the address, and holds until Ctrl-C, then tears it all down.
//   node --import tsx bench/cluster.ts        options: INSTANCES=3 PORT=8080 HOLD=1
import { type ChildServer, signUp } from "../src/server/test-support/child-server";
import { connectRealtime } from "../src/server/test-support/ws-client";
import { startCluster } from "./lib/cluster";

const INSTANCES = Number(process.env.INSTANCES ?? 3);
const PORT = process.env.PORT ? Number(process.env.PORT) : undefined;
const HOLD = process.env.HOLD !== "0";

const started = Date.now();
const cluster = await startCluster({ instances: INSTANCES, ...(PORT ? { port: PORT } : {}) });
console.log(`${INSTANCES} instances behind nginx at ${cluster.url} in ${Date.now() - started} ms`);
try {
  // Through nginx: two people sign up (the code read from whichever instance mailed it).
  const viaNginx = { ...(cluster.instances[0] as ChildServer), url: cluster.url };
  const mailDirs = cluster.instances.map((instance) => instance.dataDir);
  const ann = await signUp(viaNginx, "ann", undefined, mailDirs);
  const bo = await signUp(viaNginx, "bo", undefined, mailDirs);
  const socket = await connectRealtime(cluster.url, bo.cookie);
  await socket.waitFor((m) => m.type === "ready");
  const follow = await fetch(`${cluster.url}/api/follows/toggle`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: ann.cookie },
    body: JSON.stringify({ targetUserId: bo.id }),
  });
  await socket.waitFor((m) => m.type === "follow.changed", 2000);
  socket.close();
  console.log(`through nginx: sign-up, WebSocket and a live follow (${follow.status}) work`);
  for (const instance of cluster.instances) {
    const ready = await fetch(`${instance.url}/readyz`);
    console.log(`  ${instance.url}/readyz ${ready.status}`);
  }
  if (HOLD) {
    console.log("Holding; Ctrl-C tears it down.");
    await new Promise((resolve) => process.once("SIGINT", resolve));
  }
} finally {
  await cluster.stop();
  console.log("torn down");
}

// The Node.js this server runs on (README.md "Requirements"): 24 or newer. `npm install` puts
// Node 24 into node_modules/.bin on machines that lack it, and `npm start` and `npm test` run
// with it; a start with an older `node` stops here with a sentence saying how to start instead.
export const REQUIRED_NODE_MAJOR = 24;

/** Why `version` (as process.version gives it) cannot run the server, or null when it can. */
export function nodeVersionRefusal(version: string): string | null {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1] ?? 0);
  if (major >= REQUIRED_NODE_MAJOR) return null;
  return `This server needs Node.js ${REQUIRED_NODE_MAJOR} or newer, and this is ${version}. Start it with \`npm start\`, which runs the Node.js ${REQUIRED_NODE_MAJOR} that \`npm install\` puts in node_modules/.bin.`;
}

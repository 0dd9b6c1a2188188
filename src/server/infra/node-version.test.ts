import { describe, expect, it } from "vitest";
import { nodeVersionRefusal } from "./node-version";

describe("nodeVersionRefusal", () => {
  it("lets Node 24 and newer run the server", () => {
    expect(nodeVersionRefusal("v24.22.3")).toBeNull();
    expect(nodeVersionRefusal("v26.0.0")).toBeNull();
  });

  it("refuses an older Node with the version and how to start instead", () => {
    const refusal = nodeVersionRefusal("v20.20.2");
    expect(refusal).toContain("Node.js 24 or newer");
    expect(refusal).toContain("v20.20.2");
    expect(refusal).toContain("npm start");
    expect(nodeVersionRefusal("not a version")).toContain("Node.js 24 or newer");
  });

  it("is satisfied by the Node running these tests, as npm test provides it", () => {
    expect(nodeVersionRefusal(process.version)).toBeNull();
  });
});

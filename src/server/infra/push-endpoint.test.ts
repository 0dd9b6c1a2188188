// Which push endpoints a browser may give us (docs/notifications.md "Push"): https at a name or
// a public address on 443; http or another port only at an address the operator allows.
import { describe, expect, it } from "vitest";
import { parseAllowedRanges } from "./public-address";
import { endpointProblem } from "./push-endpoint";

const none = parseAllowedRanges([]);
const loopback = parseAllowedRanges(["127.0.0.1", "::1"]);

describe("endpointProblem", () => {
  it.each([
    ["https://fcm.googleapis.com/fcm/send/abc", none],
    ["https://updates.push.services.mozilla.com/wpush/v2/abc", none],
    ["https://web.push.apple.com:443/abc", none],
    ["https://93.184.216.34/abc", none],
    ["http://127.0.0.1:8090/notify/abc", loopback],
    ["https://[::1]:8443/abc", loopback],
  ])("accepts %s", (endpoint, allowed) => {
    expect(endpointProblem(endpoint, allowed)).toBeNull();
  });

  it.each([
    ["not a url", none],
    ["http://push.example/abc", none],
    ["http://push.example/abc", loopback],
    ["ftp://push.example/abc", loopback],
    ["https://push.example:8443/abc", none],
    ["https://user:pw@push.example/abc", none],
    ["https://10.0.0.1/abc", none],
    ["https://10.0.0.1/abc", loopback],
    ["https://169.254.169.254/latest", none],
    ["https://[::ffff:127.0.0.1]/abc", none],
    ["http://127.0.0.1:8090/notify/abc", none],
    ["http://127.0.0.2:8090/notify/abc", loopback],
    ["http://localhost:8090/notify/abc", loopback],
    ["http://93.184.216.34/abc", loopback],
  ])("refuses %s", (endpoint, allowed) => {
    expect(endpointProblem(endpoint, allowed)).toMatch(/^The endpoint/);
  });
});

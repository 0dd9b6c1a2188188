// The browser and system of a session or a push subscription, from its User-Agent header, for
// 'Where you're signed in' (docs/accounts.md) and the browsers that get pushes
// (docs/notifications.md "Push"). Bowser is the maintained parser; we show what a person recognises: the
// browser with its major version, the system with a version only where the header's is true
// (browsers freeze macOS at 10.15.7 and Windows at NT 10.0).
import Bowser from "bowser";

const WITH_VERSION = new Set(["iOS", "Android", "ChromeOS"]);

export interface Agent {
  browser: string;
  system: string;
}

export function describeAgent(userAgent: string | null): Agent {
  const parsed = userAgent ? Bowser.parse(userAgent) : null;
  const browserName = parsed?.browser.name;
  const major = parsed?.browser.version?.split(".")[0];
  const systemName = parsed?.os.name;
  const systemVersion = systemName && WITH_VERSION.has(systemName) ? parsed?.os.version : undefined;
  return {
    browser: browserName ? [browserName, major].filter(Boolean).join(" ") : "Unknown browser",
    system: systemName ? [systemName, systemVersion].filter(Boolean).join(" ") : "Unknown system",
  };
}

// Setup for the jsdom ("web") test project: the site settings the server would embed in the page,
// and unmounting what each test rendered.
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { setSiteConfig } from "./lib/site-config";
import { TEST_SITE } from "./test-support/site";

setSiteConfig(TEST_SITE);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

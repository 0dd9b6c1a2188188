// Setup for the jsdom ("web") test project: the site settings the server would embed in the page,
// the dialogs, '…' menus and toaster in place as once the browser has been idle (the header's menu, whose
// panel imports much more, is loaded by its own tests), and unmounting what each test rendered.
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { loadToaster } from "./components/app-toaster";
import { loadDialogShell } from "./components/dialog";
import { loadOptionsMenuPanel } from "./components/options-menu";
import { setSiteConfig } from "./lib/site-config";
import { TEST_SITE } from "./test-support/site";

setSiteConfig(TEST_SITE);
await Promise.all([loadDialogShell(), loadOptionsMenuPanel(), loadToaster()]);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

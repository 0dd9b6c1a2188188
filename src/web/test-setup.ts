// Setup for the jsdom ("web") test project: the site settings the server would embed in the page,
// the dialogs, '…' menus and toaster in place as once the browser has been idle (the header's menu, whose
// panel imports much more, is loaded by its own tests), and unmounting what each test rendered
// with whatever it left waiting.
import { cleanup } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach } from "vitest";
import { loadToaster } from "./components/app-toaster";
import { loadDialogShell } from "./components/dialog";
import { loadOptionsMenuPanel } from "./components/options-menu";
import { setSiteConfig } from "./lib/site-config";
import { toasterReady } from "./lib/toast";
import { TEST_SITE } from "./test-support/site";

setSiteConfig(TEST_SITE);
await Promise.all([loadDialogShell(), loadOptionsMenuPanel(), loadToaster()]);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // The files of a worker share their modules (vite.config.ts): a toast still up, or asked for
  // after its toaster unmounted (lib/toast.ts), would show in the next file's toaster.
  toast.dismiss();
  toasterReady(() => {})();
});

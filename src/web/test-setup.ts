// Setup for the jsdom ("web") test project: the site settings the server would embed in the page,
// the dialogs, '…' menus (and the menus' owners) and toaster in place as once someone has used the
// page (the header's menu, whose panel imports much more, is loaded by its own tests), and
// unmounting what each test rendered with whatever it left waiting. A wait (`findBy…`, `waitFor`) gets 5 s instead of 1 s: a screen
// that loads a list on demand can take more than a second on a slow or busy machine.
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach } from "vitest";
import { loadDialogShell } from "./components/dialog/dialog";
import { loadToaster } from "./components/feedback/app-toaster";
import { loadOptionsMenus } from "./components/menu/options-menu";
import { setSiteConfig } from "./lib/site-config";
import { toasterReady } from "./lib/toast";
import { TEST_SITE } from "./test-support/site";

configure({ asyncUtilTimeout: 5_000 });
setSiteConfig(TEST_SITE);
await Promise.all([loadDialogShell(), loadOptionsMenus(), loadToaster()]);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // The files of a worker share their modules (vite.config.ts): a toast still up, or asked for
  // after its toaster unmounted (lib/toast.ts), would show in the next file's toaster.
  toast.dismiss();
  toasterReady(() => {})();
});

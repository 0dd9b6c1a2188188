// What the app shows in place of a screen while it cannot reach the server to learn who is signed
// in: the installed app opened without the network, from its shell (docs/notifications.md
// "Installable app"). It sits in the app's header and menu, says so with Retry, and asks again by
// itself as soon as the browser is back online, and every few seconds while the browser says it
// is online and the tab is shown: a browser may not tell a page opened offline that the network
// came back, and a server that was away comes back without any event.
import { WifiOff } from "lucide-react";
import { useEffect } from "react";
import { usePageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { LoadError } from "./load-error";

/** How often the page asks again by itself while it shows the offline state. */
const RETRY_EVERY_MS = 5_000;

interface OfflineStateProps {
  onRetry: () => void;
  retrying: boolean;
}

export function OfflineState({ onRetry, retrying }: OfflineStateProps) {
  const { siteName } = useSite();
  usePageMeta({
    title: `You're offline · ${siteName}`,
    description: `${siteName} needs the internet to show this page.`,
  });
  useEffect(() => {
    window.addEventListener("online", onRetry);
    const timer = window.setInterval(() => {
      if (navigator.onLine && document.visibilityState === "visible") onRetry();
    }, RETRY_EVERY_MS);
    return () => {
      window.removeEventListener("online", onRetry);
      window.clearInterval(timer);
    };
  }, [onRetry]);
  return (
    <div className="flex flex-col items-center gap-4 px-6 py-24">
      <WifiOff aria-hidden="true" size={40} className="text-neutral-500 dark:text-neutral-400" />
      <LoadError
        heading
        message="You're offline"
        hint="Check your connection. This page comes back by itself once you're online."
        onRetry={onRetry}
        retrying={retrying}
      />
    </div>
  );
}

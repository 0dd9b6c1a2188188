// What the app shows in place of a screen while it cannot reach the server to learn who is signed
// in: the installed app opened without the network, from its shell (docs/notifications.md
// "Installable app"). It sits in the app's header and menu, says so with Retry, and asks again by
// itself as soon as the browser is back online.
import { WifiOff } from "lucide-react";
import { useEffect } from "react";
import { usePageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { LoadError } from "./load-error";

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
    return () => window.removeEventListener("online", onRetry);
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

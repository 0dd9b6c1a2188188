// /settings (docs/safety.md "Block", "Mute"): the people the viewer blocks and mutes, with Unblock and
// Unmute. Signed-in only (router.tsx).
import { pageText } from "../../../domain/page-titles";
import { Page } from "../../components/page";
import { usePageMeta } from "../../lib/page-meta";
import { useSite } from "../../lib/site-config";
import { RelationSection } from "./relation-section";

export function SettingsScreen() {
  usePageMeta(pageText({ kind: "settings" }, useSite().siteName));
  return (
    <Page className="space-y-4">
      <h1 className="text-2xl font-bold">Settings</h1>
      <RelationSection kind="blocks" />
      <RelationSection kind="mutes" />
    </Page>
  );
}

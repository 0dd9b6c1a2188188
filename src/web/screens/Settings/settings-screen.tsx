// /settings: where the viewer is signed in, their password and a copy of their data
// (docs/accounts.md), then the people they block and mute, with Unblock and Unmute (docs/safety.md
// "Block", "Mute"). Signed-in only (router.tsx).
import { pageText } from "../../../domain/page-titles";
import { Page } from "../../components/page";
import { usePageMeta } from "../../lib/page-meta";
import { useSite } from "../../lib/site-config";
import { ExportSection } from "./export-section";
import { PasswordSection } from "./password-section";
import { RelationSection } from "./relation-section";
import { SessionsSection } from "./sessions-section";

export function SettingsScreen() {
  usePageMeta(pageText({ kind: "settings" }, useSite().siteName));
  return (
    <Page className="space-y-4">
      <h1 className="text-2xl font-bold">Settings</h1>
      <SessionsSection />
      <PasswordSection />
      <ExportSection />
      <RelationSection kind="blocks" />
      <RelationSection kind="mutes" />
    </Page>
  );
}

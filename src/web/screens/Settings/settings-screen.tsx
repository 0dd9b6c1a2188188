// /settings, section by section (docs/accounts.md): the viewer's e-mail, where they are signed in,
// their password, two-factor authentication and passkeys, a copy of their data, how we tell them
// of news (docs/notifications.md), a private account and who sees the follow lists
// (docs/social-and-realtime.md "Private accounts"), who can message them (docs/mail.md "Who can be
// written to"), how posts with content warnings show (docs/feed.md "Content warnings"), what
// search's distance answers tell of where they live (docs/search.md "Distance"), what the
// moderators did about the account and its appeals (docs/safety.md "Account standing"), the people
// they block and mute with Unblock and Unmute (docs/safety.md "Block", "Mute"), the words they mute
// ("Muted words"), and last, as a danger zone, deleting the account. Signed-in only (routing/router.tsx).
import { pageText } from "../../../domain/page-titles";
import { Page } from "../../components/layout/page";
import { usePageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { AccountStandingSection } from "./account-standing-section";
import { DeleteAccountSection } from "./delete-account-section";
import { EmailSection } from "./email-section";
import { ExportSection } from "./export-section";
import { LocationSection } from "./location-section";
import { MessagesSection } from "./messages-section";
import { MutedWordsSection } from "./muted-words-section";
import { NotificationsSection } from "./notifications-section";
import { PasskeysSection } from "./passkeys-section";
import { PasswordSection } from "./password-section";
import { PrivacySection } from "./privacy-section";
import { PushSection } from "./push-section";
import { ReadingSection } from "./reading-section";
import { RelationSection } from "./relation-section";
import { SessionsSection } from "./sessions-section";
import { TwoFactorSection } from "./two-factor-section";

export function SettingsScreen() {
  usePageMeta(pageText({ kind: "settings" }, useSite().siteName));
  return (
    <Page className="space-y-4">
      <h1 className="text-2xl font-bold">Settings</h1>
      <EmailSection />
      <SessionsSection />
      <PasswordSection />
      <TwoFactorSection />
      <PasskeysSection />
      <ExportSection />
      <NotificationsSection />
      <PushSection />
      <PrivacySection />
      <MessagesSection />
      <ReadingSection />
      <LocationSection />
      <AccountStandingSection />
      <RelationSection kind="blocks" />
      <RelationSection kind="mutes" />
      <MutedWordsSection />
      <DeleteAccountSection />
    </Page>
  );
}

// The backup codes, shown once when two-factor authentication is turned on (docs/accounts.md
// "Two-factor authentication"): each signs in once in place of a code from the app. Copy puts
// them on the clipboard, Download saves them as a text file.
import { Button } from "../../components/controls/button";
import { useSite } from "../../lib/site-config";
import { copyText } from "./copy-text";
import { StepHeading } from "./step-heading";

/** The text of the copied and downloaded codes: one a line under a line saying what they are. */
export function backupCodesText(siteName: string, codes: readonly string[]): string {
  const intro = `${siteName} backup codes. Each one logs you in once, in place of a code from your authenticator app.`;
  return `${[intro, "", ...codes].join("\n")}\n`;
}

/** 'chtcht-backup-codes.txt': the site's name as it can stand in a file name. */
export function backupCodesFileName(siteName: string): string {
  const slug = siteName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${slug || "account"}-backup-codes.txt`;
}

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // The download has started from the URL by the time this runs.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function BackupCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { siteName } = useSite();
  const text = backupCodesText(siteName, codes);
  return (
    <div className="mt-3 space-y-4">
      <StepHeading>Save your backup codes</StepHeading>
      <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-200">
        If you lose your phone, each code logs you in once. They will not be shown again: copy or
        download them now and keep them somewhere safe.
      </p>
      <ol
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-neutral-100 px-4 py-3 font-mono text-base tracking-wide text-neutral-900 select-all dark:bg-neutral-800 dark:text-neutral-100"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copyText(text, "Backup codes copied.")}>
          Copy
        </Button>
        <Button variant="secondary" onClick={() => download(backupCodesFileName(siteName), text)}>
          Download
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

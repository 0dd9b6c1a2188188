// The small dialog before a moderation action (docs/safety.md "Moderate"): the rule a removal,
// restriction or suspension enforces (required), a required reason, which goes to the audit log and
// to the person, for Restrict the number of days (1–365, 7 unless changed), and while reports are
// open an optional note to the people who reported ("Reporters hear back"). A refusal stays in the
// dialog; success closes it with a toast.
import { type FormEvent, useState } from "react";
import type { ModerationAction } from "../../../domain/contracts/safety";
import { isEnforcing, REPORTER_NOTE_MAX } from "../../../domain/moderation-standing";
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from "../../../domain/report-reasons";
import { Button } from "../../components/controls/button";
import { Dialog } from "../../components/dialog/dialog";
import { FormMessage } from "../../components/form/form-message";
import { SelectField } from "../../components/form/select-field";
import { TextAreaField } from "../../components/form/text-area-field";
import { TextField } from "../../components/form/text-field";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useModerationMutation } from "../../state/queries/admin";

const REASON_MAX = 500;
const DEFAULT_DAYS = 7;
const MAX_DAYS = 365;
const RULE_LABELS = REPORT_REASONS.map((reason) => REPORT_REASON_LABELS[reason]);
const ruleOf = (label: string) =>
  REPORT_REASONS.find((reason) => REPORT_REASON_LABELS[reason] === label);

export interface ModerationSubject {
  targetType: ReportTarget;
  targetId: string;
  handle: string;
  /** Whether the action closes open reports, whose reporters are then told. */
  openReports: boolean;
}

function wording(action: ModerationAction, { targetType, handle }: ModerationSubject) {
  switch (action) {
    case "dismiss":
      return {
        title: "Dismiss these reports?",
        description: "Nothing changes for the person; the reports are closed.",
        button: "Dismiss",
        done: "Reports dismissed",
      };
    case "remove":
      return {
        title: `Remove this ${targetType}?`,
        description: "It is hidden from everyone and shows as removed.",
        button: "Remove",
        done: `The ${targetType} was removed`,
      };
    case "restrict":
      return {
        title: `Restrict @${handle}`,
        description:
          "They can read, but not post, comment, message or follow, for the days you choose.",
        button: "Restrict",
        done: `@${handle} is restricted`,
      };
    case "suspend":
      return {
        title: `Suspend @${handle}?`,
        description: "They are signed out everywhere; their profile and content are hidden.",
        button: "Suspend",
        done: `@${handle} is suspended`,
      };
    case "restore":
      return targetType === "profile"
        ? {
            title: `Restore @${handle}?`,
            description: "Their restriction or suspension ends.",
            button: "Restore",
            done: `@${handle} is restored`,
          }
        : {
            title: `Restore this ${targetType}?`,
            description: "It shows again where it was.",
            button: "Restore",
            done: `The ${targetType} is back`,
          };
  }
}

interface ModerationDialogProps {
  action: ModerationAction | null;
  subject: ModerationSubject;
  onClose: () => void;
}

export function ModerationDialog({ action, subject, onClose }: ModerationDialogProps) {
  const words = action ? wording(action, subject) : null;
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => !open && onClose()}
      width="md"
      title={words?.title ?? ""}
      description={words?.description ?? ""}
    >
      {action && words ? (
        <ModerationForm
          action={action}
          subject={subject}
          button={words.button}
          done={words.done}
          onDone={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function ModerationForm(props: {
  action: ModerationAction;
  subject: ModerationSubject;
  button: string;
  done: string;
  onDone: () => void;
}) {
  const { action, subject, button, done, onDone } = props;
  const [reason, setReason] = useState("");
  const [rule, setRule] = useState<ReportReason | "">("");
  const [note, setNote] = useState("");
  const [days, setDays] = useState(String(DEFAULT_DAYS));
  const [problems, setProblems] = useState<{ reason?: string; days?: string; rule?: string }>({});
  const moderate = useModerationMutation();
  const enforcing = isEnforcing(action);
  const tellsReporters = subject.openReports && action !== "restore";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (moderate.isPending) return;
    const dayCount = Number(days);
    const found = {
      rule: enforcing && rule === "" ? "Choose the rule this action enforces." : undefined,
      reason: reason.trim() === "" ? "Give a reason." : undefined,
      days:
        action === "restrict" &&
        !(Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= MAX_DAYS)
          ? `Enter a number of days from 1 to ${MAX_DAYS}.`
          : undefined,
    };
    setProblems(found);
    if (found.rule || found.reason || found.days) return;
    moderate.mutate(
      {
        targetType: subject.targetType,
        targetId: subject.targetId,
        action,
        reason: reason.trim(),
        ...(enforcing && rule !== "" ? { rule } : {}),
        ...(action === "restrict" ? { days: dayCount } : {}),
        ...(tellsReporters && note.trim() !== "" ? { reporterNote: note.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast.success(action === "restrict" ? `${done} for ${dayCount} days` : done);
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {enforcing ? (
        <SelectField
          label="Rule broken"
          value={rule === "" ? "" : REPORT_REASON_LABELS[rule]}
          options={RULE_LABELS}
          placeholder="Choose the rule"
          onValueChange={(label) => {
            setRule(ruleOf(label) ?? "");
            setProblems((found) => ({ ...found, rule: undefined }));
          }}
          error={problems.rule}
          required
          hint="The person sees it in their account standing."
        />
      ) : null}
      {action === "restrict" ? (
        <TextField
          label="Days"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_DAYS}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          error={problems.days}
          className="max-w-32"
        />
      ) : null}
      <TextAreaField
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={REASON_MAX}
        rows={3}
        required
        error={problems.reason}
        hint="Kept in the audit log. For an action on a person, they are told it."
      />
      {tellsReporters ? (
        <TextAreaField
          label="Note to the people who reported (optional)"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={REPORTER_NOTE_MAX}
          rows={2}
          hint="Each reporter is told what happened, without the content or who acted, and this note."
        />
      ) : null}
      {moderate.isError ? (
        <FormMessage>
          {errorMessage(moderate.error, "Could not do that. Please try again.")}
        </FormMessage>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={action === "suspend" ? "danger" : "primary"}
          busy={moderate.isPending}
        >
          {button}
        </Button>
      </div>
    </form>
  );
}

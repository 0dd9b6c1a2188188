// 'Request the yellow badge' (docs/safety.md "Badges"): the category, the official name, up to
// three public https links and an optional official address at the organisation's domain, which
// then gets a 6-digit code. Checked with the server's own contract; the server's refusal shows
// under its field with everything typed kept.
import { type FormEvent, useState } from "react";
import {
  BADGE_LINKS_MAX,
  OFFICIAL_NAME_MAX,
  YELLOW_CATEGORIES,
  YELLOW_CATEGORY_LABELS,
  type YellowCategory,
  yellowRequestBody,
} from "../../../domain/contracts/badges";
import { isAtDomainOfLinks, ORG_EMAIL_DOMAIN_MESSAGE } from "../../../domain/org-email";
import { Button } from "../../components/controls/button";
import { Dialog } from "../../components/dialog/dialog";
import { FormMessage } from "../../components/form/form-message";
import { TextField } from "../../components/form/text-field";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useYellowRequestMutation } from "../../state/queries/badges";
import { RequestFormActions } from "./request-form-actions";

type Errors = Record<string, string>;

const firstErrors = (issues: { path: PropertyKey[]; message: string }[]): Errors => {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    errors[key] ??= issue.message;
  }
  return errors;
};

export function YellowRequestDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Request the yellow badge"
      description="For organisations, businesses, public figures and creators. A moderator checks your links before the badge shows."
    >
      <YellowRequestForm onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function YellowRequestForm({ onDone }: { onDone: () => void }) {
  const [category, setCategory] = useState<YellowCategory | "">("");
  const [officialName, setOfficialName] = useState("");
  const [links, setLinks] = useState<string[]>([""]);
  const [orgEmail, setOrgEmail] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const request = useYellowRequestMutation();

  const submit = (event: FormEvent) => {
    // This dialog sits in the Edit Profile form's React tree: its submit is its own.
    event.preventDefault();
    event.stopPropagation();
    if (request.isPending) return;
    const body = {
      category,
      officialName,
      links: links.map((link) => link.trim()).filter(Boolean),
      orgEmail: orgEmail.trim(),
    };
    const parsed = yellowRequestBody.safeParse(body);
    const found = parsed.success ? {} : firstErrors(parsed.error.issues);
    if (
      parsed.success &&
      parsed.data.orgEmail &&
      !isAtDomainOfLinks(parsed.data.orgEmail, parsed.data.links)
    ) {
      found.orgEmail = ORG_EMAIL_DOMAIN_MESSAGE;
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    request.mutate(parsed.data, {
      onSuccess: (created) => {
        toast.success(
          created.orgEmail
            ? `Request sent. We mailed a code to ${created.orgEmail}.`
            : "Request sent. A moderator will review it.",
        );
        onDone();
      },
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.fields) {
          setErrors(
            Object.fromEntries(
              Object.entries(failure.fields).map(([key, messages]) => [key, messages[0] ?? ""]),
            ),
          );
        }
      },
    });
  };

  const setLink = (index: number, value: string) =>
    setLinks((current) => current.map((link, i) => (i === index ? value : link)));

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Category</legend>
        <div className="grid grid-cols-2 gap-2">
          {YELLOW_CATEGORIES.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-neutral-300 px-3 text-sm has-checked:border-sky-600 has-checked:bg-sky-50 dark:border-neutral-700 dark:has-checked:bg-sky-950/50"
            >
              <input
                type="radio"
                name="category"
                value={value}
                checked={category === value}
                onChange={() => setCategory(value)}
                aria-invalid={errors.category ? true : undefined}
                className="size-4 accent-sky-600"
              />
              {YELLOW_CATEGORY_LABELS[value]}
            </label>
          ))}
        </div>
        {errors.category ? (
          <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.category}</p>
        ) : null}
      </fieldset>
      <TextField
        label="Official name"
        value={officialName}
        maxLength={OFFICIAL_NAME_MAX}
        onChange={(event) => setOfficialName(event.target.value)}
        error={errors.officialName}
        required
      />
      <div className="space-y-2">
        {links.map((link, index) => (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: the link boxes only grow, in order
            key={index}
            label={index === 0 ? "Public link" : `Public link ${index + 1}`}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={link}
            onChange={(event) => setLink(index, event.target.value)}
            error={errors[`links.${index}`] ?? (index === 0 ? errors.links : undefined)}
            hint={index === 0 ? "Your official site or a page that shows who you are." : undefined}
          />
        ))}
        {links.length < BADGE_LINKS_MAX ? (
          <Button variant="ghost" onClick={() => setLinks((current) => [...current, ""])}>
            Add another link
          </Button>
        ) : null}
      </div>
      <TextField
        label="Official e-mail (optional)"
        type="email"
        inputMode="email"
        autoComplete="off"
        value={orgEmail}
        onChange={(event) => setOrgEmail(event.target.value)}
        error={errors.orgEmail}
        hint="An address at the domain of one of your links. We mail it a code; once confirmed, moderators see it as proof."
      />
      {request.isError && !(request.error instanceof ApiRequestError && request.error.fields) ? (
        <FormMessage>
          {errorMessage(request.error, "Could not send the request. Please try again.")}
        </FormMessage>
      ) : null}
      <RequestFormActions onCancel={onDone} busy={request.isPending} submitLabel="Send request" />
    </form>
  );
}

// The moderators' statement in a year's transparency report (docs/safety.md "Transparency
// report"): choose the year, write or change the statement (empty removes it) and save. A draft
// is kept per year while the screen is open, so choosing another year loses nothing.
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { STATEMENT_MAX } from "../../../domain/transparency";
import { Button } from "../../components/controls/button";
import { LoadError } from "../../components/feedback/load-error";
import { FormMessage } from "../../components/form/form-message";
import { SelectField } from "../../components/form/select-field";
import { TextAreaField } from "../../components/form/text-area-field";
import { errorMessage } from "../../lib/api";
import {
  useStatementMutation,
  useTransparencyReportQuery,
  useTransparencyYearsQuery,
} from "../../state/queries/transparency";

const muted = "text-neutral-600 dark:text-neutral-400";
const loading = (what: string) => (
  <p role="status" className={`py-10 text-center ${muted}`}>
    Loading {what}…
  </p>
);

export function TransparencyTab() {
  const years = useTransparencyYearsQuery();
  const [chosen, setChosen] = useState<number | null>(null);
  const year = chosen ?? years.data?.latest ?? null;
  const report = useTransparencyReportQuery(year);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [outcome, setOutcome] = useState<{ tone: "info" | "error"; text: string } | null>(null);
  const save = useStatementMutation();

  if (years.isPending) return loading("the years");
  if (years.isError) {
    return (
      <LoadError
        message="Could not load the transparency report's years."
        onRetry={() => void years.refetch()}
        retrying={years.isFetching}
        className="py-10"
      />
    );
  }
  const current = year ?? years.data.latest;
  const saved = report.data?.statement?.text ?? "";
  const draft = drafts[current] ?? saved;

  function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    save.mutate(
      { year: current, statement: draft },
      {
        onSuccess: (answer) => {
          setDrafts(({ [answer.year]: _, ...rest }) => rest);
          setOutcome({
            tone: "info",
            text: answer.statement
              ? `Saved. The ${answer.year} report shows it now.`
              : `The statement for ${answer.year} is removed.`,
          });
        },
        onError: (failure) =>
          setOutcome({
            tone: "error",
            text: errorMessage(failure, "Could not save the statement."),
          }),
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="Transparency statement" className="space-y-4 pt-2">
      <p className={muted}>
        The statement appears under the year's figures on the public{" "}
        <Link
          to={`/transparency?year=${current}`}
          className="font-medium text-sky-700 underline dark:text-sky-400"
        >
          transparency report
        </Link>
        . Saving is written to the audit log.
      </p>
      <SelectField
        label="Year"
        value={String(current)}
        onValueChange={(value) => {
          setChosen(Number(value));
          setOutcome(null);
        }}
        options={years.data.years}
        placeholder={null}
        className="max-w-40"
      />
      {report.isPending ? (
        loading(`the statement for ${current}`)
      ) : report.isError ? (
        <LoadError
          message={`Could not load the statement for ${current}.`}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
          className="py-10"
        />
      ) : (
        <>
          <TextAreaField
            label={`Statement for ${current}`}
            value={draft}
            onChange={(event) => {
              setDrafts((all) => ({ ...all, [current]: event.target.value }));
              setOutcome(null);
            }}
            maxLength={STATEMENT_MAX}
            rows={8}
            hint={`${draft.length.toLocaleString("en")} of ${STATEMENT_MAX.toLocaleString("en")} characters. Leave it empty to remove the statement.`}
          />
          {outcome ? <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage> : null}
          <Button type="submit" busy={save.isPending} disabled={draft.trim() === saved}>
            {save.isPending ? "Saving…" : "Save statement"}
          </Button>
        </>
      )}
    </form>
  );
}

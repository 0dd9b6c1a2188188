// The figures of one year's transparency report (docs/safety.md "Transparency report"), each
// section with a sentence on what it counts: reports, the time to act on them, the moderators'
// actions, appeals, suspensions, and the moderators' statement.
import type { ReactNode } from "react";
import type { ModerationAction } from "../../../domain/contracts/safety";
import type { TransparencyReport } from "../../../domain/contracts/transparency";
import { REPORT_REASON_LABELS } from "../../../domain/report-reasons";
import { FigureTable } from "./figure-table";

const ACTIONS: Record<ModerationAction, { label: string; hint: string }> = {
  dismiss: { label: "Dismissed", hint: "No rule was broken; the reports were closed." },
  remove: { label: "Removed", hint: "A post, comment or message was taken down." },
  restrict: { label: "Restricted", hint: "An account could read but not write, for some days." },
  suspend: { label: "Suspended", hint: "An account was signed out and hidden." },
  restore: {
    label: "Restored",
    hint: "Content was put back, or a restriction or suspension lifted.",
  },
};

const muted = "text-neutral-700 dark:text-neutral-300";

function Section({
  title,
  about,
  children,
}: {
  title: string;
  about: ReactNode;
  children?: ReactNode;
}) {
  const id = `figures-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <p className={`leading-7 ${muted}`}>{about}</p>
      {children}
    </section>
  );
}

export function ReportSections({ report }: { report: TransparencyReport }) {
  const { year, reports, actions, appeals, suspensions, live } = report;
  const atEnd = live ? "now" : `at the end of ${year}`;
  const median = reports.medianTimeToAction;
  return (
    <div className="space-y-10">
      <Section
        title="Reports"
        about={`Reports people here filed in ${year}, by the reason they chose. Someone who reports the same thing again while their first report is open is counted once.`}
      >
        <FigureTable
          caption={`Reports received in ${year}, by reason`}
          heading="Reason"
          rows={reports.byReason.map((row) => ({
            label: REPORT_REASON_LABELS[row.reason],
            count: row.count,
          }))}
          total="All reports"
        />
        <FigureTable
          caption={`Reports across servers in ${year}`}
          heading="From"
          rows={[
            {
              label: "From other servers",
              hint: "Reports of people or posts here that other servers sent us.",
              count: reports.fromOtherServers,
            },
            {
              label: "About people on other servers",
              hint: "Reports people here filed about someone elsewhere.",
              count: reports.aboutOtherServers,
            },
          ]}
        />
      </Section>

      <Section
        title="Time to first action"
        about={`For each report closed in ${year}, the time from its filing to a moderator's first action on what it named (a dismissal counts). The median is the middle of those times: half the reports waited less, half longer (with an even number of reports, it is halfway between the two middle ones).`}
      >
        <p className="rounded-2xl border border-neutral-200 px-4 py-3 dark:border-neutral-800">
          {median ? (
            <>
              <span className="block text-2xl font-bold">{median.label}</span>
              <span className={`text-sm ${muted}`}>
                Median over {reports.closed.toLocaleString("en")} closed{" "}
                {reports.closed === 1 ? "report" : "reports"} ({median.seconds.toLocaleString("en")}{" "}
                seconds)
              </span>
            </>
          ) : (
            <span className={muted}>No report was closed in {year}.</span>
          )}
        </p>
      </Section>

      <Section
        title="Moderators' actions"
        about="Each action a moderator took on a profile, post, comment or message, reported or not. Giving someone the moderator role, badge decisions and keeping tags out of trending are not counted."
      >
        <FigureTable
          caption={`Actions in ${year}, by kind`}
          heading="Action"
          rows={actions.byKind.map((row) => ({ ...ACTIONS[row.kind], count: row.count }))}
          total="All actions"
        />
        <FigureTable
          caption={`Removals, restrictions and suspensions in ${year}, by the rule enforced`}
          heading="Rule"
          rows={actions.byRule.map((row) => ({
            label: row.rule ? REPORT_REASON_LABELS[row.rule] : "No rule named",
            count: row.count,
          }))}
          total="All enforcing actions"
        />
      </Section>

      <Section
        title="Appeals"
        about="A person may appeal an action taken on them. Appeals are counted in the year they were filed and decisions in the year they were made, so an appeal filed in December may be decided the next year."
      >
        <FigureTable
          caption={`Appeals in ${year}`}
          heading="Appeals"
          rows={[
            { label: "Received", count: appeals.received },
            { label: "Approved", hint: "The action was undone.", count: appeals.approved },
            { label: "Rejected", hint: "The action stands.", count: appeals.rejected },
            {
              label: `Waiting for a decision ${atEnd}`,
              hint: "Filed by then, this year or before, and not yet decided.",
              count: appeals.openAtYearEnd,
            },
          ]}
        />
      </Section>

      <Section
        title="Suspensions"
        about="A suspended account is signed out everywhere and hidden with everything it wrote, until a moderator lifts the suspension or an appeal undoes it."
      >
        <FigureTable
          caption={`Suspensions in ${year}`}
          heading="Suspensions"
          rows={[
            { label: `Accounts suspended in ${year}`, count: suspensions.suspended },
            { label: `Accounts suspended ${atEnd}`, count: suspensions.suspendedAtYearEnd },
          ]}
        />
      </Section>

      <Section
        title="Statement from the moderators"
        about={
          report.statement
            ? `What the moderators wrote about ${year}.`
            : `The moderators have not written a statement for ${year}.`
        }
      >
        {report.statement ? (
          <blockquote className="rounded-2xl border-l-4 border-sky-500 bg-sky-50 px-4 py-3 leading-7 break-words whitespace-pre-wrap dark:bg-sky-950/40">
            {report.statement.text}
          </blockquote>
        ) : null}
      </Section>
    </div>
  );
}

// How the transparency report's figures are counted (docs/safety.md "Transparency report"), and
// the link to the same figures as JSON.
import type { TransparencyReport } from "../../../domain/contracts/transparency";
import { clockTime } from "../../../domain/time-labels";

const muted = "text-neutral-700 dark:text-neutral-300";

export function ReportNotes({
  report,
  jsonPath,
}: {
  report: TransparencyReport;
  jsonPath: string;
}) {
  return (
    <section aria-labelledby="figures-about" className="space-y-3">
      <h2 id="figures-about" className="text-xl font-bold">
        About these figures
      </h2>
      <ul className={`list-disc space-y-2 pl-5 leading-7 ${muted}`}>
        <li>
          A year runs from 1 January 00:00 to 31 December 23:59:59.999 in UTC (Coordinated Universal
          Time).
        </li>
        {report.live ? (
          <li>
            {report.year} is not over: its figures grow as moderators work. These were counted at{" "}
            <time dateTime={report.countedAt}>{clockTime(new Date(report.countedAt))}</time>, and
            are counted again a minute later at most.
          </li>
        ) : null}
        <li>
          Everything is counted again from the records the product keeps. Deleting an account
          deletes the reports it filed or received, its appeals and, for a moderator, the actions
          they took, so an earlier year's figures may go down a little.
        </li>
        <li>
          The same figures as data:{" "}
          <a href={jsonPath} className="font-medium text-sky-700 underline dark:text-sky-400">
            {jsonPath}
          </a>{" "}
          (JSON).
        </li>
      </ul>
    </section>
  );
}

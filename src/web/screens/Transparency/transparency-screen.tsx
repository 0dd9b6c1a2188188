// /transparency (docs/safety.md "Transparency report"): a year's moderation in figures, counted
// from what the product records, in the manner of the EU Digital Services Act's Art. 15 reports.
// The year is in the address (?year=2025); without one, the latest year with records.
import { useSearchParams } from "react-router";
import { LoadError } from "../../components/feedback/load-error";
import { Spinner } from "../../components/feedback/spinner";
import { FormMessage } from "../../components/form/form-message";
import { SelectField } from "../../components/form/select-field";
import { Page } from "../../components/layout/page";
import { SiteFooter } from "../../components/layout/site-footer";
import { ApiRequestError } from "../../lib/api";
import { useStaticPageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import {
  reportJsonPath,
  useTransparencyReportQuery,
  useTransparencyYearsQuery,
} from "../../state/queries/transparency";
import { ReportNotes } from "./report-notes";
import { ReportSections } from "./report-sections";

const muted = "text-neutral-700 dark:text-neutral-300";

function YearReport({ year }: { year: number }) {
  const report = useTransparencyReportQuery(year);
  if (report.isPending) return <Spinner label={`Loading the report for ${year}`} />;
  if (report.isError) {
    const missing = report.error instanceof ApiRequestError && report.error.status === 404;
    return (
      <LoadError
        message={
          missing ? `There is no report for ${year}.` : `Could not load the report for ${year}.`
        }
        onRetry={() => void report.refetch()}
        retrying={report.isFetching}
        className="py-10"
      />
    );
  }
  const { reports, actions } = report.data;
  const quiet =
    reports.received + reports.fromOtherServers + reports.aboutOtherServers + actions.total === 0;
  return (
    <div className="space-y-10">
      {quiet ? (
        <FormMessage tone="info">
          Nothing was reported and no moderator acted in {year}.
        </FormMessage>
      ) : null}
      <ReportSections report={report.data} />
      <ReportNotes report={report.data} jsonPath={reportJsonPath(year)} />
    </div>
  );
}

export function TransparencyScreen() {
  useStaticPageMeta("transparency");
  const { siteName } = useSite();
  const [params, setParams] = useSearchParams();
  const years = useTransparencyYearsQuery();
  const asked = params.get("year");
  const listed = years.data?.years ?? [];
  const known = asked !== null && listed.includes(Number(asked));
  const year = years.data ? (known ? Number(asked) : years.data.latest) : null;

  return (
    <>
      <Page width="md">
        <header className="space-y-3">
          <h1 className="text-3xl font-extrabold tracking-tight">Transparency report</h1>
          <p className={`text-lg leading-8 ${muted}`}>
            Each year, what people asked {siteName}'s moderators to look at and what the moderators
            did, counted from what the product records.
          </p>
        </header>
        <div className="mt-8">
          {years.isPending ? (
            <Spinner label="Loading the report" />
          ) : years.isError ? (
            <LoadError
              message="Could not load the transparency report."
              onRetry={() => void years.refetch()}
              retrying={years.isFetching}
              className="py-10"
            />
          ) : (
            <div className="space-y-8">
              <SelectField
                label="Year"
                value={String(year)}
                onValueChange={(value) => setParams({ year: value })}
                options={listed}
                placeholder={null}
                className="max-w-40"
              />
              {asked !== null && !known ? (
                <FormMessage tone="info">
                  There is no report for {asked}; here is {year}'s.
                </FormMessage>
              ) : null}
              {year === null ? null : <YearReport key={year} year={year} />}
            </div>
          )}
        </div>
      </Page>
      <SiteFooter />
    </>
  );
}

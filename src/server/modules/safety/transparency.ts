// What the transparency report reads of reports (docs/safety.md "Transparency report"); the
// counting is SQL in report-figures-queries.ts.
export { reportSpan, reportsByReason, reportsClosedIn } from "./report-figures-queries";

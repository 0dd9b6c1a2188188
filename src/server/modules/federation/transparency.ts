// What the transparency report reads of the reports that cross servers (docs/federation.md
// "Reports", docs/safety.md "Transparency report").
export { flagSpan, flagsByDirection } from "./flag-queries";

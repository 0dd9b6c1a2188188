// Education, religion, Greek-letter organization and money choices of the profile editor and the
// search filters, exactly as spec-2 §3 lists them.

export const NET_WORTHS = [
  "Under $10K",
  "$10K or more",
  "$50K or more",
  "$100K or more",
  "$250K or more",
  "$500K or more",
  "$1M or more",
  "$10M or more",
  "$100M or more",
] as const;

export const SALARIES = [
  "$0 - $50K",
  "$50K - $100K",
  "$100K - $250K",
  "$250K - $500K",
  "$500K - $1M",
  "$1M+",
] as const;

export const EDUCATION_LEVELS = [
  "Associate's",
  "Bachelor's",
  "Doctorate",
  "High School Diploma",
  "JD",
  "Master's",
] as const;

export const RELIGIONS = [
  "Agnostic",
  "Buddhist",
  "Christian",
  "Confucian",
  "Hindu",
  "Jewish",
  "Muslim",
  "Scientologist",
  "Shintoist",
  "Sikh",
  "Other",
] as const;

/** The nine historically Black Greek-letter organizations (the "Divine Nine"). */
export const GREEK_ORGANIZATIONS = [
  "Alpha Kappa Alpha",
  "Alpha Phi Alpha",
  "Delta Sigma Theta",
  "Iota Phi Theta",
  "Kappa Alpha Psi",
  "Omega Psi Phi",
  "Phi Beta Sigma",
  "Sigma Gamma Rho",
  "Zeta Phi Beta",
] as const;

// spec-2 §9: yearly price of a reserved username by its length.
export interface PriceTier {
  lookupKey: "username_1_5" | "username_6_10" | "username_11_15";
  label: string;
  yearlyUsd: number;
}

const TIERS: { maxLength: number; tier: PriceTier }[] = [
  { maxLength: 5, tier: { lookupKey: "username_1_5", label: "1–5 characters", yearlyUsd: 30 } },
  { maxLength: 10, tier: { lookupKey: "username_6_10", label: "6–10 characters", yearlyUsd: 20 } },
  {
    maxLength: 15,
    tier: { lookupKey: "username_11_15", label: "11–15 characters", yearlyUsd: 10 },
  },
];

/** The tier for a username of this length, or null outside 1–15. */
export function priceTier(username: string): PriceTier | null {
  const length = username.length;
  if (length < 1) return null;
  return TIERS.find((t) => length <= t.maxLength)?.tier ?? null;
}

export function formatYearlyPrice(tier: Pick<PriceTier, "yearlyUsd">): string {
  return `$${tier.yearlyUsd}/year`;
}

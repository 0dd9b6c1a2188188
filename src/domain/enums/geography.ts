// Countries, US states and US counties. The lists are generated JSON (scripts/generate-enums.ts)
// loaded on first use with dynamic import(), so the browser fetches each only when a form needs it.

export interface UsState {
  /** Postal code, e.g. 'TX'. */
  code: string;
  name: string;
}

/** US county names keyed by state postal code. */
export type CountiesByState = Readonly<Record<string, readonly string[]>>;

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined; // let a later call retry a failed chunk download
      throw error;
    });
    return pending;
  };
}

/** The 193 UN member states, Holy See and Palestine, by common English name, sorted. */
export const loadCountries = once(
  async (): Promise<readonly string[]> => (await import("./data/countries.json")).default,
);

/** The 50 states and the District of Columbia, sorted by name. */
export const loadUsStates = once(
  async (): Promise<readonly UsState[]> => (await import("./data/us-states.json")).default,
);

/** Every county or county equivalent of the 2020 census (3,143), names as the Census spells them. */
export const loadUsCounties = once(
  async (): Promise<CountiesByState> => (await import("./data/us-counties.json")).default,
);

/** The postal code of a state given by code or name (case-insensitive), or null. */
export function findUsState(states: readonly UsState[], codeOrName: string): UsState | null {
  const wanted = codeOrName.trim().toLowerCase();
  return (
    states.find((s) => s.code.toLowerCase() === wanted || s.name.toLowerCase() === wanted) ?? null
  );
}

/** The counties of a state given by code or name; empty for an unknown state. */
export async function loadCountiesOf(codeOrName: string): Promise<readonly string[]> {
  const [states, counties] = await Promise.all([loadUsStates(), loadUsCounties()]);
  const state = findUsState(states, codeOrName);
  return state ? (counties[state.code] ?? []) : [];
}

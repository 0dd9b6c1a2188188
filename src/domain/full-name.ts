// spec-1 §5, §9: full name is required and at most 20 characters.
export const FULL_NAME_MAX = 20;

export function normalizeFullName(raw: string): string {
  return raw.trim().replace(/\s+/g, " ");
}

export function isValidFullName(name: string): boolean {
  const length = [...name].length;
  return length >= 1 && length <= FULL_NAME_MAX;
}

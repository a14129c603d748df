// The name rule in words, with no validation library: each kind's module (shared/api/<kind>-kind.ts)
// states its hint once for the console's name field; the rule itself is resourceName in names.ts.

/** The name rule in words, for a console's name field: `where` it must be unique, if anywhere. */
export function nameHint(maxLength = 63, where?: 'location' | 'project'): string {
  return `Lowercase letters, numbers and hyphens, no hyphen at the start or end; up to ${maxLength} characters${where ? `; unique in the ${where}` : ''}.`;
}

/** A kind in words: in the API's messages ("The VM …") and the console's lists ("Search VMs by name"). */
export interface KindWords {
  singular: string;
  plural: string;
}

// Sign-up passwords beyond length: not one of the 41,622 most common passwords of 8+ characters
// (the `popular-passwords` package, from zxcvbn's lists; MIT; a JSON file read from disk) and
// not the e-mail address (decision 067).
import fs from 'node:fs';
import { createRequire } from 'node:module';

let common: Set<string> | undefined;

/** Built on first use, once per process (a few MB); the list is all lower-case. */
function commonPasswords(): Set<string> {
  if (!common) {
    const file = createRequire(import.meta.url).resolve('popular-passwords');
    common = new Set(JSON.parse(fs.readFileSync(file, 'utf8')) as string[]);
  }
  return common;
}

/** Why this password is refused for this e-mail address, or undefined when it is acceptable. */
export function passwordProblem(password: string, email: string): string | undefined {
  const lower = password.trim().toLowerCase();
  const address = email.toLowerCase();
  if (lower === address || lower === address.slice(0, address.lastIndexOf('@'))) {
    return 'Password must not be your e-mail address.';
  }
  if (commonPasswords().has(lower))
    return 'This password is too common: choose one that is harder to guess.';
  return undefined;
}

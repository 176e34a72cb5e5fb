/**
 * How the configuration readers report: each concern's reader reads its variables through `read`
 * and adds what is wrong to one shared list, so a bad environment is one error naming every problem.
 */
export type Env = Readonly<Record<string, string | undefined>>;

/** A variable's trimmed value; undefined when unset or blank. */
export type Read = (name: string) => string | undefined;

export interface Problems {
  /** Required variables that are absent ("STRIPE_SECRET_KEY (or STRIPE_SECRET_ARN)"). */
  readonly missing: string[];
  /** Variables set to something unusable, each with what it must be. */
  readonly invalid: string[];
}

export function readerOf(env: Env): Read {
  return (name) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Throws one ConfigError listing every problem, the missing variables first. */
export function throwIfProblems({ missing, invalid }: Problems): void {
  const problems = [...(missing.length > 0 ? [`Missing env var${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`] : []), ...invalid];
  if (problems.length > 0) throw new ConfigError(problems);
}

/** A whole number of seconds from 1 to 86400, or the fallback when unset. */
export function wholeSeconds(read: Read, name: string, fallback: number, problems: Problems): number {
  const text = read(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 86_400) {
    problems.invalid.push(`${name} must be a whole number of seconds from 1 to 86400`);
    return fallback;
  }
  return value;
}

/** What every concern's reader is handed by the entry (index.ts). */
export interface ReadContext {
  readonly read: Read;
  /** Production rules: every value named, no sandbox, SES (inside AWS Lambda, or NODE_ENV=production outside the local runtime). */
  readonly production: boolean;
  /** The embedded runtime of `npm start` and the tests. */
  readonly localRuntime: boolean;
  readonly problems: Problems;
}

/**
 * Where a secret comes from, and which secrets a function reads. A function is given only its own
 * secrets (its entry in @kesho/operations/functions), as values (local use, tests) or as Secrets Manager ARNs
 * (AWS, read once per cold start by clients/secrets.ts).
 */
import type { FunctionSecret } from '@kesho/operations/function-secrets';
import type { Problems, Read } from './problems';
import { secretFormatProblem, type SecretName } from './secretFormats';

export type SecretSource = { readonly kind: 'value'; readonly value: string } | { readonly kind: 'secrets-manager'; readonly arn: string };

/** The secret given as `valueName` or as `arnName` (never both), or undefined when neither is set. */
export function secretSource(read: Read, valueName: string, arnName: string, problems: Problems): SecretSource | undefined {
  const value = read(valueName);
  const arn = read(arnName);
  if (value !== undefined && arn !== undefined) {
    problems.invalid.push(`Set either ${valueName} or ${arnName}, not both`);
    return undefined;
  }
  if (arn !== undefined) {
    if (!arn.startsWith('arn:')) problems.invalid.push(`${arnName} must be a Secrets Manager ARN`);
    return { kind: 'secrets-manager', arn };
  }
  return value === undefined ? undefined : { kind: 'value', value };
}

/** A secret given as a value must have its shape (secretFormats.ts); one given by ARN is checked when read. */
export function checkSecretValue(problems: Problems, name: SecretName, source: SecretSource | undefined): void {
  if (source?.kind !== 'value') return;
  const problem = secretFormatProblem(name, source.value);
  if (problem) problems.invalid.push(problem);
}

/**
 * A function used a service that needs a secret it does not read: its entry in
 * @kesho/operations/functions (and so its deployed permissions) is missing that secret.
 */
export class SecretNotGivenError extends Error {
  constructor(readonly secret: FunctionSecret) {
    super(`This function does not read the secret ${secret}: add it to the function's entry in @kesho/operations/functions`);
    this.name = 'SecretNotGivenError';
  }
}

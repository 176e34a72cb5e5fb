/** Runs a shared @kesho/release-model schema and returns either the cleaned values or one message per field. */
import { firstErrorPerField } from '@kesho/site-rules/contact-schema';
import type { ObjectSchema } from 'yup';

export type Validated<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly fieldErrors: Readonly<Record<string, string>> };

export function validateFields<T extends object>(schema: ObjectSchema<T>, fields: Readonly<Record<string, string>>): Validated<T> {
  try {
    return { ok: true, value: schema.validateSync(fields, { abortEarly: false, stripUnknown: true }) as T };
  } catch (error) {
    return { ok: false, fieldErrors: firstErrorPerField(error) };
  }
}

// Whether a text is a value of a JSON Schema string format, with the checks the service validates with
// (ajv-formats' full ones), so a value the engine fills in passes the service's validation.
import { fullFormats } from 'ajv-formats/dist/formats';

/**
 * Whether `text` is a value of the string `format` (ajv-formats' full checks, the ones the service
 * validates with): true for a format it does not know. Times and date-times may leave out seconds.
 */
export function formatAccepts(format: string, text: string): boolean {
  const name = format === 'time' ? 'iso-time' : format === 'date-time' ? 'iso-date-time' : format;
  const check = (fullFormats as Record<string, unknown>)[name];
  const value =
    (name === 'iso-time' || name === 'iso-date-time') && /(?:^|[T ])\d{2}:\d{2}(?=$|[Zz+-])/.test(text)
      ? text.replace(/(\d{2}:\d{2})(?=$|[Zz+-])/, '$1:00')
      : text;
  if (check instanceof RegExp) return check.test(value);
  if (typeof check === 'function') return Boolean((check as (s: string) => boolean)(value));
  if (typeof check === 'object' && check !== null && 'validate' in check) {
    const validate = (check as { validate: RegExp | ((s: string) => boolean) }).validate;
    return validate instanceof RegExp ? validate.test(value) : Boolean(validate(value));
  }
  return true;
}

import { ValidateBy, type ValidationOptions } from 'class-validator';
import { hasControlChars } from '@dcs/common';

/**
 * A name or short text a person types that reaches a file format — an iCalendar feed, a mail, a CSV, a
 * log line — holds no control character: C0 (CR, LF and TAB included), DEL, C1, U+2028/U+2029, or a bidi
 * embedding, override or isolate (U+202A-202E, U+2066-2069). Refused by the global validation pipe as
 * 400 VALIDATION_FAILED naming the field (docs/rules.md, "Text that reaches a file format").
 * `newlines: true` keeps LF for long free text where a line break is legitimate (a reason of several paragraphs).
 */
export function NoControlChars(opts: { newlines?: boolean } = {}, validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'noControlChars',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !hasControlChars(value, opts),
        defaultMessage: (args) =>
          `${args?.property ?? 'text'} may not contain control characters (${opts.newlines ? 'tabs, carriage returns' : 'line breaks, tabs'} and the like) or direction overrides`,
      },
    },
    validationOptions,
  );
}

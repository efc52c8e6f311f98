import { ParseUUIDPipe, ValidationError, ValidationPipe } from '@nestjs/common';
import { ValidateIf, ValidatorConstraint, ValidatorConstraintInterface } from 'class-validator';
import { AppError, isIanaTimeZone } from '@dcs/common';

interface FieldProblem {
  field: string;
  problems: string[];
}

function flatten(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = e.constraints ? [{ field, problems: Object.values(e.constraints) }] : [];
    return own.concat(flatten(e.children ?? [], field));
  });
}

/** Global validation: unknown fields rejected, every offending field named in `details`. */
export function validationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const details = flatten(errors);
      const message = details.map((d) => d.problems.join('; ')).join('; ');
      return new AppError('VALIDATION_FAILED', message || 'Invalid request', details);
    },
  });
}

/** Path ids are UUIDs; anything else is a 400 INVALID_ID before any lookup. */
export const uuidPipe = (name = 'id') =>
  new ParseUUIDPipe({
    exceptionFactory: () => new AppError('INVALID_ID', `${name} must be a UUID`, [{ field: name, problems: ['must be a UUID'] }]),
  });

/**
 * An optional field that, when sent, must pass its validators: unlike `@IsOptional()`, `null` is not
 * "absent" (it skipped every check and reached the service, which answered 500). For fields where null
 * means nothing in particular; where it has a meaning (a clock that is off) keep `@IsOptional()`.
 */
export const OptionalNotNull = () => ValidateIf((_o: object, value: unknown) => value !== undefined);

/** An IANA time zone (Region/City, or UTC) every message can write times in (`isIanaTimeZone`). */
@ValidatorConstraint({ name: 'ianaTimeZone' })
export class IsIanaTimeZone implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return isIanaTimeZone(value);
  }
  defaultMessage(): string {
    return 'timeZone must be an IANA time zone such as America/New_York';
  }
}

/** A class-transformer step that trims a string field's surrounding spaces before validation (`@Transform(trim)`). */
export const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

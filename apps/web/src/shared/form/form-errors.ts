/**
 * Server refusals on form fields: a 400 lists `{ field, message }` in `data.fields` (`body.userName`,
 * `deviceCategory` …); the form puts each message on the field that shows that value, where it stays
 * until the field changes. Pure, so every form shares one reading of the server's reply.
 */
export interface FieldProblem {
  field: string;
  message: string;
}

/** antd `form.setFields` entries: one per form field, every message of that field once. */
export interface FormFieldErrors<Name extends string = string> {
  name: Name;
  errors: string[];
}

/** The form field of a server field path: `body.userName` → `userName`. */
export function plainFieldOf(field: string): string | null {
  const path = field.replace(/^(body|query|params)\./, '');
  return path === '' ? null : (path.split('.')[0] ?? null);
}

/**
 * The `fieldOf` of a form whose fields carry the body's names: `fieldsNamed(['name', 'ename'])` puts
 * `body.name` on `name` and leaves every other field to the notice.
 */
export function fieldsNamed<Name extends string>(names: readonly Name[]): (field: string) => Name | null {
  return (field) => {
    const name = plainFieldOf(field);
    return name !== null && (names as readonly string[]).includes(name) ? (name as Name) : null;
  };
}

/** Groups problems by the form field `fieldOf` maps them to (null: the form has no such field), in order. */
export function groupByField<Name extends string>(
  problems: readonly FieldProblem[],
  fieldOf: (field: string) => Name | null,
): FormFieldErrors<Name>[] {
  const out: FormFieldErrors<Name>[] = [];
  for (const problem of problems) {
    const name = fieldOf(problem.field);
    if (!name) continue;
    const entry = out.find((e) => e.name === name);
    if (entry) {
      if (!entry.errors.includes(problem.message)) entry.errors.push(problem.message);
    } else out.push({ name, errors: [problem.message] });
  }
  return out;
}

/**
 * The failed fields of a refused save (a 400 whose `data.fields` lists `{ field, message }`), by form
 * field. Anything else (no fields, another status, fields the form does not show) gives none: the
 * request's notice covers it.
 */
export function serverFieldErrors<Name extends string = string>(
  error: unknown,
  fieldOf: (field: string) => Name | null = plainFieldOf as (field: string) => Name | null,
): FormFieldErrors<Name>[] {
  if (typeof error !== 'object' || error === null) return [];
  const { status, data } = error as { status?: unknown; data?: unknown };
  if (status !== 400 || typeof data !== 'object' || data === null) return [];
  const fields = (data as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return [];
  const problems = fields.filter(
    (f): f is FieldProblem =>
      typeof f === 'object' &&
      f !== null &&
      typeof (f as { field?: unknown }).field === 'string' &&
      typeof (f as { message?: unknown }).message === 'string',
  );
  return groupByField(problems, fieldOf);
}

import {
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type RJSFSchema,
  type RJSFValidationError,
  type ValidatorType,
} from '@rjsf/utils';

type Data = Record<string, unknown>;

/**
 * The form's rjsf validator, without ajv: ajv compiles every schema into a function with
 * new Function, which the Content-Security-Policy forbids (src/server/http/security-headers.ts has
 * no 'unsafe-eval'). Of a JSON Schema check the form keeps only a value outside its options
 * (validation.ts drops the rest; the project's own validateField says everything else), and the
 * schema it validates (schema.ts) is flat: properties with type, title, format, enum, default. So
 * this checks enum, as ajv did: a given value that is none of the allowed ones.
 */
function enumErrors(schema: RJSFSchema, data: unknown, property = ''): RJSFValidationError[] {
  const errors: RJSFValidationError[] = [];
  if (Array.isArray(schema.enum) && data !== undefined && !schema.enum.includes(data as never)) {
    const message = 'must be equal to one of the allowed values';
    errors.push({
      name: 'enum',
      property,
      message,
      params: { allowedValues: schema.enum },
      stack: `${property} ${message}`.trim(),
      schemaPath: `#${property.replace(/\./g, '/properties/')}/enum`,
    });
  }
  if (schema.properties && data && typeof data === 'object')
    for (const [key, sub] of Object.entries(schema.properties))
      if (typeof sub === 'object') errors.push(...enumErrors(sub, (data as Data)[key], `${property}.${key}`));
  return errors;
}

export const formValidator: ValidatorType<Data> = {
  // as @rjsf/validator-ajv8 does (processRawValidationErrors.js): transform, then the custom checks
  validateFormData(formData, schema, customValidate, transformErrors, uiSchema) {
    let errors = enumErrors(schema, formData);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema<Data>(errors);
    if (!customValidate) return { errors, errorSchema };
    // with the defaults filled in, as the custom checks see them under ajv
    const data = getDefaultFormState<Data>(formValidator, schema, formData, schema, true) as Data;
    const handler = customValidate(data, createErrorHandler<Data>(data), uiSchema, errorSchema);
    return validationDataMerge<Data>({ errors, errorSchema }, unwrapErrorHandler<Data>(handler));
  },
  isValid: (schema, formData) => enumErrors(schema, formData).length === 0,
  rawValidation: <Result>(schema: RJSFSchema, formData?: Data) => ({
    errors: enumErrors(schema, formData) as Result[],
  }),
};
